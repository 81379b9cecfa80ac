package org.petstore.inventory.domain;

/**
 * A rule of the inventory domain was broken. Its message is written for the person who sent the request.
 */
public abstract class DomainException extends RuntimeException {

    protected DomainException(String message) {
        super(message);
    }
}
