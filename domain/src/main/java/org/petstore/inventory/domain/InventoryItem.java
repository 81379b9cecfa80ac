package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * The stock level of one pet in the store.
 */
public record InventoryItem(PetId petId, Quantity quantity, PetStatus status) {

    public InventoryItem {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(status, "status");
    }

    /**
     * The same entry with a new stock count. Only the quantity changes: the specification gives no rule by which a
     * quantity change would move the status.
     */
    public InventoryItem withQuantity(Quantity newQuantity) {
        return new InventoryItem(petId, newQuantity, status);
    }
}
