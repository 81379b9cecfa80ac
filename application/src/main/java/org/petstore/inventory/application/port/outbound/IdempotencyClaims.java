package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.IdempotentRequest;

/**
 * The {@code Idempotency-Key}s of requests that change stock, kept in the store with the outcome of the request that
 * first used each one, so that a retry (through any instance on the store) gets that outcome again instead of
 * changing the stock twice.
 *
 * <p>A request first {@link #claim claims} its key. The one that gets the claim carries the request out with
 * {@link InventoryRepository#changeAll}, which keeps the outcome with the claim in the same atomic step as the
 * changes, or {@link #release releases} the claim when it failed before it reached the store's data. A claim whose
 * request ended without either (its instance stopped) can be taken over once it is older than the store's lease;
 * the changes and the outcome are kept only by the holder of the claim, so a request is carried out at most once.
 * Keys are removed once older than the retention period.
 */
public interface IdempotencyClaims {

    /** What {@link #claim} found. */
    sealed interface Claim {
    }

    /** The key is the caller's: carry the request out, and keep its outcome with this claim. */
    record Claimed(IdempotentRequest request, long token) implements Claim {

        public Claimed {
            Objects.requireNonNull(request, "request");
        }
    }

    /** The key's request was carried out: its outcome, to be answered again. */
    record Kept(ChangesOutcome outcome) implements Claim {

        public Kept {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    /** Another request with the key is still being carried out. */
    record InFlight() implements Claim {
    }

    /** The key was first used with a request of another fingerprint. */
    record Reused() implements Claim {
    }

    /** Claims the request's key in its scope, or says why it cannot be claimed; atomic across every instance. */
    Claim claim(IdempotentRequest request);

    /** Gives the claim up, keeping nothing: a retry with the key is carried out anew. */
    void release(Claimed claim);
}
