package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.IdempotentRequest;

/**
 * The idempotency key a change was sent with, as the adapter that took the request read it: none, a key, or a key
 * the adapter could not read. An unreadable key is refused by the use case in its order of checks, after the
 * condition it may require, with the adapter's own words for what is wrong ({@code problem}).
 */
public sealed interface IdempotencyKey {

    /** Sent without a key: every request is carried out. */
    IdempotencyKey NONE = new None();

    record None() implements IdempotencyKey {
    }

    /** A key, scoped to its client, with the fingerprint of its request. */
    record Of(IdempotentRequest request) implements IdempotencyKey {

        public Of {
            Objects.requireNonNull(request, "request");
        }
    }

    /** A key that cannot be read; {@code problem} says what is wrong, for the client. */
    record Unreadable(String problem) implements IdempotencyKey {

        public Unreadable {
            Objects.requireNonNull(problem, "problem");
        }
    }
}
