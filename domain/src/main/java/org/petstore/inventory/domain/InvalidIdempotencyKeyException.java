package org.petstore.inventory.domain;

/** An {@code Idempotency-Key} that is empty or too long. */
public final class InvalidIdempotencyKeyException extends DomainException {

    public InvalidIdempotencyKeyException(String message) {
        super(message);
    }
}
