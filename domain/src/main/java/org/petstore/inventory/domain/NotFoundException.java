package org.petstore.inventory.domain;

/**
 * Something the caller named does not exist in the store.
 */
public abstract class NotFoundException extends DomainException {

    protected NotFoundException(String message) {
        super(message);
    }
}
