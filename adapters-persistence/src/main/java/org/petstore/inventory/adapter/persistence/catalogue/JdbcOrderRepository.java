package org.petstore.inventory.adapter.persistence.catalogue;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.domain.Order;

/**
 * The {@link OrderRepository} port on a relational database through Micronaut Data JDBC.
 */
@Singleton
final class JdbcOrderRepository implements OrderRepository {

    private final StoreRows rows;
    private final DatabaseCalls calls;

    JdbcOrderRepository(StoreRows rows, DatabaseCalls calls) {
        this.rows = rows;
        this.calls = calls;
    }

    @Override
    public List<Order> findAll() {
        return calls.read(() -> rows.findAllOrders().stream().map(OrderRow::toDomain).toList());
    }
}
