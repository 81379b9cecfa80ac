package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepositoryContract;
import org.petstore.inventory.domain.InventoryItem;

/**
 * The repository contract on a real database through the Micronaut Data adapter, with the schema built by the
 * Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcInventoryRepositoryTest extends InventoryRepositoryContract {

    @Inject
    InventoryRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryItem> items) {
        new StoreTables(transactions).replaceInventoryWith(items);
    }
}
