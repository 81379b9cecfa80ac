package org.petstore.inventory.adapter.persistence.catalogue;

import jakarta.inject.Singleton;
import java.util.List;
import org.petstore.inventory.adapter.persistence.StorageTransactions;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.domain.Order;

/**
 * The {@link OrderRepository} port on a relational database through Micronaut Data JDBC.
 */
@Singleton
final class JdbcOrderRepository implements OrderRepository {

    private final StoreRows rows;
    private final StorageTransactions transactions;

    JdbcOrderRepository(StoreRows rows, StorageTransactions transactions) {
        this.rows = rows;
        this.transactions = transactions;
    }

    @Override
    public List<Order> findAll() {
        return transactions.read(() -> rows.findAllOrders().stream().map(OrderRow::toDomain).toList());
    }
}
