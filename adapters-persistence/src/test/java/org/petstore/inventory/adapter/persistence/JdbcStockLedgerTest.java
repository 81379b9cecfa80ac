package org.petstore.inventory.adapter.persistence;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StockLedgerContract;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

/**
 * The stock ledger's contract on a real database through the JDBC adapter, with the schema built by the Flyway
 * migrations. Each backend's subclass says which database.
 */
abstract class JdbcStockLedgerTest extends StockLedgerContract {

    @Inject
    InventoryRepository repository;

    @Inject
    StockLedger ledger;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected StockLedger ledger() {
        return ledger;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> entries) {
        new StoreTables(transactions).replaceInventoryWith(entries);
    }

    @Inject
    JdbcStockLedger jdbcLedger;

    /**
     * Retention removes the oldest changes made before the cutoff, a batch at a time, and says how far it removed;
     * changes made after the cutoff stay, and a cutoff before every change removes nothing.
     */
    @Test
    void retentionRemovesTheOldestChangesBeforeTheCutoffInBatches() {
        givenOnly(List.of(new InventoryEntry(PetId.of(61), Quantity.of(0), PetStatus.AVAILABLE)));
        for (int quantity = 1; quantity <= 5; quantity++) {
            updateQuantity(repository, PetId.of(61), Quantity.of(quantity), ChangeOrigin.api(null, null, null));
        }
        long newest = ledger.newestChangeId();
        assertEquals(0, jdbcLedger.removeOlderThan(Instant.now().minus(Duration.ofHours(1)), 2), "none is that old");

        Instant future = Instant.now().plus(Duration.ofHours(1));
        int removed = 0;
        int batches = 0;
        for (int batch = jdbcLedger.removeOlderThan(future, 2); batch > 0;
             batch = jdbcLedger.removeOlderThan(future, 2)) {
            assertTrue(batch <= 2);
            removed += batch;
            batches++;
        }

        assertTrue(removed >= 5 && batches >= 3, removed + " in " + batches);
        assertEquals(newest, ledger.removedThrough());
        assertEquals(List.of(), ledger.changesAfter(0, 10));
        assertEquals(newest, ledger.newestChangeId(), "ids go on after the removed ones");
        updateQuantity(repository, PetId.of(61), Quantity.of(9), ChangeOrigin.api(null, null, null));
        assertEquals(List.of(newest + 1), ledger.changesAfter(newest, 10).stream().map(StockChange::changeId)
                .toList());
    }
}
