package org.petstore.inventory.domain;

/**
 * A pet ID below 1.
 */
public final class InvalidPetIdException extends DomainException {

    public InvalidPetIdException(String message) {
        super(message);
    }
}
