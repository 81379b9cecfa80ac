package org.petstore.inventory.domain;

/**
 * No pet has the given ID.
 */
public final class PetNotFoundException extends NotFoundException {

    private final PetId petId;

    public PetNotFoundException(PetId petId) {
        super("No pet with id " + petId);
        this.petId = petId;
    }

    public PetId petId() {
        return petId;
    }
}
