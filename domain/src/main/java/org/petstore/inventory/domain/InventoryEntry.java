package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * The stock level of one pet in the store, at one {@link EntryVersion} of the entry.
 *
 * <p>The entry's status is its pet's status. Every change of the quantity, and every change of the pet's status, is
 * a new version of the entry: whatever writes either must move the entry to {@link EntryVersion#next()} in the same
 * atomic step.
 */
public record InventoryEntry(PetId petId, Quantity quantity, PetStatus status, EntryVersion version) {

    public InventoryEntry {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(version, "version");
    }

    /** An entry that was never changed: {@link EntryVersion#FIRST}. */
    public InventoryEntry(PetId petId, Quantity quantity, PetStatus status) {
        this(petId, quantity, status, EntryVersion.FIRST);
    }

    /**
     * The same entry with a new stock count, as its next version. Only the quantity (and so the version) changes:
     * the specification gives no rule by which a quantity change would move the status.
     */
    public InventoryEntry withQuantity(Quantity newQuantity) {
        return new InventoryEntry(petId, newQuantity, status, version.next());
    }

    /** The same entry at another version, as a store that keeps versions reports it. */
    public InventoryEntry atVersion(EntryVersion newVersion) {
        return new InventoryEntry(petId, quantity, status, newVersion);
    }
}
