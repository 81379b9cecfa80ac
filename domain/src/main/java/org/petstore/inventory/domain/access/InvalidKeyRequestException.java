package org.petstore.inventory.domain.access;

import org.petstore.inventory.domain.DomainException;

/** A request to create, rotate or change a key that names no valid key: its message names the fix. */
public final class InvalidKeyRequestException extends DomainException {

    public InvalidKeyRequestException(String message) {
        super(message);
    }
}
