package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StockMovementsContract;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * The stock movements' contract on a real database through the JDBC adapter, with the schema built by the Flyway
 * migrations. Each backend's subclass says which database.
 */
abstract class JdbcStockMovementsTest extends StockMovementsContract {

    @Inject
    InventoryRepository repository;

    @Inject
    StockLedger ledger;

    @Inject
    IdempotencyClaims claims;

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
    protected IdempotencyClaims claims() {
        return claims;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> items) {
        new StoreTables(transactions).replaceInventoryWith(items);
    }

    /**
     * A claim left without an outcome for longer than the lease (its instance stopped before it committed anything)
     * is taken over by the next request with the key; the old claim can then keep nothing and change nothing.
     */
    @Test
    void aClaimLeftWithoutAnOutcomeForLongerThanTheLeaseIsTakenOver() {
        givenOnly(List.of(new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE)));
        IdempotentRequest request = new IdempotentRequest("key-1", "left-" + System.nanoTime(), "fingerprint");
        IdempotencyClaims.Claimed left = assertInstanceOf(IdempotencyClaims.Claimed.class, claims.claim(request));
        assertEquals(new IdempotencyClaims.InFlight(), claims.claim(request), "within the lease");

        new StoreTables(transactions).ageIdempotencyClaims(JdbcIdempotencyClaims.LEASE.plusSeconds(5));
        IdempotencyClaims.Claimed takenOver = assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims.claim(request));
        EntryChange sale = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-1)),
                ChangeOrigin.api("key-1", null, null));

        assertThrows(IdempotencyKeyConflictException.class,
                () -> repository.changeAll(List.of(sale), Optional.of(left)));
        ChangesOutcome made = repository.changeAll(List.of(sale), Optional.of(takenOver));
        assertEquals(new ChangesOutcome.Applied(List.of(new InventoryEntry(PetId.of(1), Quantity.of(9),
                PetStatus.AVAILABLE, EntryVersion.of(2)))), made);
        assertEquals(new IdempotencyClaims.Kept(made), claims.claim(request));
    }
}
