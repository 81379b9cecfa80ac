package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * The changes the tests make most, as one call each of {@link InventoryRepository#change} with one change and no key:
 * a set (a PATCH) and an adjustment; and the outcomes they expect.
 */
public final class Updates {

    private Updates() {
    }

    /** Sets the count unconditionally: the entry as stored, or none when the pet has no entry. */
    public static Optional<InventoryEntry> updateQuantity(InventoryRepository repository, PetId petId,
            Quantity quantity, ChangeOrigin origin) {
        return switch (one(repository, new EntryChange(petId, new StockMovement.SetTo(quantity), origin))) {
            case ChangeOutcome.Applied applied -> Optional.of(applied.entries().getFirst());
            case ChangeOutcome.Refused(int _, ChangeDecision.NotFound _) -> Optional.empty();
            case ChangeOutcome refused -> throw new AssertionError("an unconditional set was refused: " + refused);
        };
    }

    /** Sets the count on condition of the entry's version. */
    public static ChangeOutcome updateQuantity(InventoryRepository repository, PetId petId, Quantity quantity,
            ExpectedVersions expected, ChangeOrigin origin) {
        return one(repository, new EntryChange(petId, new StockMovement.SetTo(quantity), expected, origin));
    }

    /** Moves the count by a delta, unconditionally. */
    public static ChangeOutcome adjust(InventoryRepository repository, PetId petId, long delta, ChangeOrigin origin) {
        return one(repository, new EntryChange(petId, new StockMovement.AdjustBy(StockDelta.of(delta)), origin));
    }

    /** One change, without a key. */
    public static ChangeOutcome one(InventoryRepository repository, EntryChange change) {
        return repository.change(List.of(change), Optional.empty());
    }

    /** The outcome of one change that was made: the entry as stored. */
    public static ChangeOutcome applied(InventoryEntry entry) {
        return new ChangeOutcome.Applied(List.of(entry));
    }

    /** The outcome of one change that was refused. */
    public static ChangeOutcome refused(ChangeDecision.Refusal refusal) {
        return new ChangeOutcome.Refused(0, refusal);
    }
}
