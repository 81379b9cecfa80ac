package org.petstore.inventory.application.service;

import java.util.List;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.StaleInventoryEntryException;

/**
 * What the store's answer to a change means for the caller: the entries, or the domain's exception for the refusal.
 * A kept outcome of an idempotency key goes through the same translation as a fresh one, so a retry is answered as
 * the first request was.
 */
final class StockOutcomes {

    private StockOutcomes() {
    }

    /** The entry of an {@code Updated}, or the exception of the refusal. */
    static InventoryEntry entryOf(EntryChange change, StockUpdate update) {
        return switch (update) {
            case StockUpdate.Updated updated -> updated.entry();
            default -> throw refusal(change, update);
        };
    }

    /** The entries of {@code Applied}, or the refused change's exception, naming its place in the batch. */
    static List<InventoryEntry> entriesOf(List<EntryChange> changes, ChangesOutcome outcome) {
        return switch (outcome) {
            case ChangesOutcome.Applied applied -> applied.entries();
            case ChangesOutcome.Refused refused -> throw new RefusedBatchChangeException(refused.index(),
                    refusal(changes.get(refused.index()), refused.refusal()));
        };
    }

    private static DomainException refusal(EntryChange change, StockUpdate update) {
        return switch (update) {
            case StockUpdate.NotFound _ -> new InventoryEntryNotFoundException(change.petId());
            case StockUpdate.Stale _ -> new StaleInventoryEntryException(change.petId());
            case StockUpdate.OutOfRange outOfRange -> outOfRange(change, outOfRange);
            case StockUpdate.Updated _ -> throw new IllegalArgumentException("not a refusal");
        };
    }

    /** The movement's own refusal of the count it was refused on (insufficient stock, or above the limit). */
    private static DomainException outOfRange(EntryChange change, StockUpdate.OutOfRange outOfRange) {
        try {
            change.movement().applyTo(change.petId(), outOfRange.count());
        } catch (DomainException refused) {
            return refused;
        }
        throw new IllegalStateException("The store refused " + change + " at count " + outOfRange.count()
                + ", which the movement accepts");
    }
}
