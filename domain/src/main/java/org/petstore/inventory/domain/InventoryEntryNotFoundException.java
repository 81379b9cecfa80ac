package org.petstore.inventory.domain;

/**
 * No inventory entry tracks the given pet.
 */
public final class InventoryEntryNotFoundException extends NotFoundException {

    private final PetId petId;

    public InventoryEntryNotFoundException(PetId petId) {
        super("No inventory entry for pet " + petId);
        this.petId = petId;
    }

    public PetId petId() {
        return petId;
    }
}
