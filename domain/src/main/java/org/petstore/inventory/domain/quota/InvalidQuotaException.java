package org.petstore.inventory.domain.quota;

import org.petstore.inventory.domain.DomainException;

/** A quota that cannot be kept: its message names the fix. */
public final class InvalidQuotaException extends DomainException {

    public InvalidQuotaException(String message) {
        super(message);
    }
}
