package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.List;
import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import org.petstore.inventory.application.port.out.InventoryRepository;
import org.petstore.inventory.application.port.out.InventoryRepositoryContract;
import org.petstore.inventory.domain.InventoryItem;

/**
 * The repository contract on H2, the embedded default backend, with the schema built by the Flyway migrations.
 */
@MicronautTest(startApplication = false, transactional = false)
class H2InventoryRepositoryTest extends InventoryRepositoryContract {

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
        new InventoryTable(transactions).replaceWith(items);
    }
}
