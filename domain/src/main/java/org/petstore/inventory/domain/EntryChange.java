package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * One change of one inventory entry, as a client asks for it: the pet, the {@link StockMovement}, the versions the
 * entry must be at ({@link ExpectedVersions#any()}: any), and the {@link ChangeOrigin} the stock ledger records.
 *
 * <p>A change that leaves the count as it is (a set to the current count) changes nothing: the entry keeps its
 * version and nothing is recorded.
 */
public record EntryChange(PetId petId, StockMovement movement, ExpectedVersions expected, ChangeOrigin origin) {

    public EntryChange {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(movement, "movement");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(origin, "origin");
    }

    /** Unconditionally, whatever version the entry is at. */
    public EntryChange(PetId petId, StockMovement movement, ChangeOrigin origin) {
        this(petId, movement, ExpectedVersions.any(), origin);
    }

    /**
     * The entry after this change of {@code current}: the same entry when the count stays as it is, else the entry
     * with the new count at its next version.
     *
     * @throws StaleInventoryEntryException when {@code current} is at none of the expected versions
     * @throws StockLevelException         when a delta would take the count out of its range
     */
    public InventoryEntry applyTo(InventoryEntry current) {
        if (!expected.allow(current.version())) {
            throw new StaleInventoryEntryException(petId);
        }
        Quantity result = movement.applyTo(petId, current.quantity());
        return result.equals(current.quantity()) ? current : current.withQuantity(result);
    }
}
