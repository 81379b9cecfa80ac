package org.petstore.inventory.domain;

/**
 * A request's {@code Idempotency-Key} cannot be used for it now: the first request with the key is still being
 * carried out ({@link Reason#IN_FLIGHT}), or the key was first used with another request ({@link Reason#REUSED}).
 * Nothing was changed.
 */
public final class IdempotencyKeyConflictException extends DomainException {

    /** Why the key cannot be used. */
    public enum Reason {
        /** The first request with the key is still running: retry later, it will be replayed. */
        IN_FLIGHT,
        /** The key was first used with another request (method, path or body). */
        REUSED
    }

    private final Reason reason;

    public IdempotencyKeyConflictException(Reason reason) {
        super(switch (reason) {
            case IN_FLIGHT -> "A request with this Idempotency-Key is still being carried out: retry later to "
                    + "get its answer";
            case REUSED -> "This Idempotency-Key was used with another request (method, path or body): send a new "
                    + "key for a new request";
        });
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
