package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepositoryContract;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The repository contract on a real database through the JDBC adapter, with the schema built by the Flyway
 * migrations, plus what only a database cursor does. Each backend's subclass says which database.
 */
abstract class JdbcInventoryRepositoryTest extends InventoryRepositoryContract {

    @Inject
    InventoryRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    DataSource dataSource;

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryItem> items) {
        new StoreTables(transactions).replaceInventoryWith(items);
    }

    @Override
    protected void givenOnlyNumbered(int count) {
        new StoreTables(transactions).replaceInventoryWithNumbered(count);
    }

    /** The pool's connections in use right now. */
    @Override
    protected int activeConnections() {
        return ((HikariDataSource) DelegatingDataSource.unwrapDataSource(dataSource)).getHikariPoolMXBean()
                .getActiveConnections();
    }

    /**
     * The removal count is the third part of the list's version, read with the rows: in the short list's one statement,
     * and with a list read from a cursor; the version without the list counts it too.
     */
    @Test
    void theListsVersionCarriesTheRemovalCountReadWithItsRows() {
        new StoreTables(transactions).setRemovals(7);

        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(new InventoryVersion(3, 3, 7), all.version());
            assertEquals(List.of(DOG, CAT, PARROT), all.items().toList());
        }
        assertEquals(new InventoryVersion(3, 3, 7), repository.currentVersion());

        givenOnlyNumbered(LARGE);
        new StoreTables(transactions).setRemovals(8);
        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(new InventoryVersion(LARGE, LARGE, 8), all.version());
            assertEquals(LARGE, all.items().count());
        }
        assertEquals(new InventoryVersion(LARGE, LARGE, 8), repository.currentVersion());

        givenOnly(List.of());
        new StoreTables(transactions).setRemovals(9);
        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(InventoryVersion.EMPTY, all.version(), "every empty inventory has the same version");
        }
        assertEquals(InventoryVersion.EMPTY, repository.currentVersion());
    }

    @Test
    void readingTheListToItsEndReturnsTheConnectionBeforeTheStreamIsClosed() {
        try (InventorySnapshot all = repository.streamAll()) {
            Iterator<InventoryItem> entries = all.items().iterator();
            assertEquals(List.of(DOG, CAT, PARROT), List.of(entries.next(), entries.next(), entries.next()));
            assertEquals(1, activeConnections());

            assertFalse(entries.hasNext());
            assertEquals(0, activeConnections());
        }
    }

    @Test
    void aListClosedBeforeItsEndFailsWhenReadAgainInsteadOfEndingEarly() {
        InventorySnapshot all = repository.streamAll();
        Iterator<InventoryItem> entries = all.items().iterator();
        assertEquals(DOG, entries.next());

        all.close();

        assertThrows(IllegalStateException.class, entries::hasNext);
        assertEquals(0, activeConnections());
    }

    @Test
    void theConnectionsOfAListAreRestoredForTheStatementsAfterIt() {
        for (int round = 0; round < 3; round++) {
            try (InventorySnapshot all = repository.streamAll()) {
                assertEquals(DOG, all.items().iterator().next());
            }
        }

        InventoryItem updated = DOG.withQuantity(Quantity.of(5));
        assertEquals(Optional.of(updated), repository.updateQuantity(PetId.of(1), Quantity.of(5)));
        assertEquals(List.of(updated, CAT, PARROT), all());
    }
}
