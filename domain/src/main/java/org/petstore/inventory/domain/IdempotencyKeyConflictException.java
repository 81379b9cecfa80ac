package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * A request's idempotency key cannot be used for it now: the first request with the key is still being carried out
 * ({@link Reason#IN_FLIGHT}), or the key was first used with another request ({@link Reason#REUSED}). Nothing was
 * changed.
 */
public final class IdempotencyKeyConflictException extends DomainException {

    /** Why the key cannot be used. */
    public enum Reason {
        /** The first request with the key is still running: retry later, it will be replayed. */
        IN_FLIGHT,
        /** The key was first used with another request (another fingerprint). */
        REUSED
    }

    private final Reason reason;

    public IdempotencyKeyConflictException(Reason reason) {
        super("The idempotency key cannot be used now: " + Objects.requireNonNull(reason, "reason"));
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
