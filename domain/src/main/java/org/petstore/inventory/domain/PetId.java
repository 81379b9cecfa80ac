package org.petstore.inventory.domain;

/**
 * Identifies a pet, and so the inventory entry that tracks its stock. Always at least 1.
 */
public record PetId(long value) {

    public static final long MIN = 1;

    public PetId {
        if (value < MIN) {
            throw InvalidPetIdException.notAPetId(Long.toString(value));
        }
    }

    public static PetId of(long value) {
        return new PetId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
