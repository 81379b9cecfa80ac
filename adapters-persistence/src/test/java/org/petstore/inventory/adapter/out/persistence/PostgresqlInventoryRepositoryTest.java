package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.out.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.out.InventoryRepository;
import org.petstore.inventory.application.port.out.InventoryRepositoryContract;
import org.petstore.inventory.domain.InventoryItem;

/**
 * The repository contract on PostgreSQL, the production backend: a real server, a fresh database, the schema built
 * by the same Flyway migrations as on H2.
 */
@MicronautTest(startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlInventoryRepositoryTest extends InventoryRepositoryContract implements TestPropertyProvider {

    @Inject
    InventoryRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    public Map<String, String> getProperties() {
        return TestPostgres.newDatabase();
    }

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryItem> items) {
        new InventoryTable(transactions).replaceWith(items);
    }
}
