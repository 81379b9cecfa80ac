package org.petstore.inventory.application.service;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/** Reads the stock ledger. Plain Java: the bootstrap module wires it. */
public final class StockLedgerService implements ReadStockChangesUseCase {

    private final StockLedger ledger;
    private final InventoryRepository inventoryRepository;

    public StockLedgerService(StockLedger ledger, InventoryRepository inventoryRepository) {
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.inventoryRepository = Objects.requireNonNull(inventoryRepository, "inventoryRepository");
    }

    /** An entry's history exists as long as the entry: a pet no entry tracks is not found, as for its entry. */
    @Override
    public List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        checkLimit(limit);
        if (inventoryRepository.findByPetId(petId).isEmpty()) {
            throw new InventoryEntryNotFoundException(petId);
        }
        return ledger.changesOf(petId, beforeChangeId, limit);
    }

    /**
     * Checked after the read: when retention removed changes after the cursor before or while they were read, the
     * cursor has expired, whatever the read returned.
     */
    @Override
    public List<StockChange> changesAfter(long afterChangeId, int limit) {
        checkLimit(limit);
        if (afterChangeId < 0) {
            throw new IllegalArgumentException("a cursor is at least 0, got " + afterChangeId);
        }
        List<StockChange> changes = ledger.changesAfter(afterChangeId, limit);
        long removedThrough = ledger.removedThrough();
        if (afterChangeId < removedThrough) {
            throw new ExpiredChangeCursorException(afterChangeId, removedThrough, ledger.newestChangeId());
        }
        return changes;
    }

    private static void checkLimit(int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("a limit is from 1 to " + MAX_LIMIT + ", got " + limit);
        }
    }
}
