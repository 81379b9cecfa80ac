package org.petstore.inventory.domain;

/**
 * A pet name that is blank or longer than {@value Pet#MAX_NAME_LENGTH} characters.
 */
public final class InvalidPetNameException extends DomainException {

    public InvalidPetNameException(String message) {
        super(message);
    }
}
