package org.petstore.inventory.domain;

import java.util.Objects;

/** A pet appears a second time in one batch of changes; a pet appears once in a batch. */
public final class RepeatedPetException extends DomainException {

    private final PetId petId;
    private final int firstIndex;

    public RepeatedPetException(PetId petId, int firstIndex) {
        super("pet " + Objects.requireNonNull(petId, "petId") + " appears again (first at change " + firstIndex + ")");
        this.petId = petId;
        this.firstIndex = firstIndex;
    }

    public PetId petId() {
        return petId;
    }

    /** Where in the batch the pet appeared first, from 0. */
    public int firstIndex() {
        return firstIndex;
    }
}
