package org.petstore.inventory.domain;

/**
 * An order ID below 1.
 */
public final class InvalidOrderIdException extends DomainException {

    public InvalidOrderIdException(String message) {
        super(message);
    }
}
