package org.petstore.inventory.application.port.outbound;

import java.util.Optional;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/** The changes the tests make most, as one call each: a set (a PATCH) and an adjustment, through {@code change}. */
public final class Updates {

    private Updates() {
    }

    /** Sets the count unconditionally: the entry as stored, or none when the pet has no entry. */
    public static Optional<InventoryEntry> updateQuantity(InventoryRepository repository, PetId petId,
            Quantity quantity, ChangeOrigin origin) {
        return switch (repository.change(new EntryChange(petId, new StockMovement.SetTo(quantity), origin))) {
            case StockUpdate.Updated updated -> Optional.of(updated.entry());
            case StockUpdate.NotFound _ -> Optional.empty();
            case StockUpdate refused -> throw new AssertionError("an unconditional set was refused: " + refused);
        };
    }

    /** Sets the count on condition of the entry's version. */
    public static StockUpdate updateQuantity(InventoryRepository repository, PetId petId, Quantity quantity,
            ExpectedVersions expected, ChangeOrigin origin) {
        return repository.change(new EntryChange(petId, new StockMovement.SetTo(quantity), expected, origin));
    }

    /** Moves the count by a delta, unconditionally. */
    public static StockUpdate adjust(InventoryRepository repository, PetId petId, long delta, ChangeOrigin origin) {
        return repository.change(new EntryChange(petId, new StockMovement.AdjustBy(StockDelta.of(delta)), origin));
    }
}
