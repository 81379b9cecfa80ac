package org.petstore.inventory.domain;

/**
 * A pet ID that is not an integer from 1 to 9,223,372,036,854,775,807.
 */
public final class InvalidPetIdException extends DomainException {

    public InvalidPetIdException(String message) {
        super(message);
    }

    /** The value as the caller gave it: a number below 1, or text that is no integer at all. */
    public static InvalidPetIdException notAPetId(String given) {
        return new InvalidPetIdException("petId must be an integer from " + PetId.MIN + " to " + Long.MAX_VALUE
                + ", got " + given);
    }
}
