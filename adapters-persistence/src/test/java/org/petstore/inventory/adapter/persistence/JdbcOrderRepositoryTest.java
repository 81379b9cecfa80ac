package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.OrderRepositoryContract;
import org.petstore.inventory.domain.Order;

/**
 * The order repository contract on a real database through the Micronaut Data adapter, with the schema built by
 * the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcOrderRepositoryTest extends OrderRepositoryContract {

    @Inject
    OrderRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected OrderRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<Order> orders) {
        new StoreTables(transactions).replaceOrdersWith(orders);
    }
}
