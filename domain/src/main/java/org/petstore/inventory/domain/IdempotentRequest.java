package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * A request sent with an {@code Idempotency-Key}: the key, the scope it belongs to (the API key's id, so that two
 * clients' keys never collide), and the fingerprint of the request it was first used with. A retry with the same
 * scope, key and fingerprint is the same request; the same key with another fingerprint is a mistake of the client.
 */
public record IdempotentRequest(String scope, String key, String fingerprint) {

    /** Longest key accepted. */
    public static final int MAX_KEY_LENGTH = 255;

    public IdempotentRequest {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (scope.length() > ChangeOrigin.MAX_ID_LENGTH) {
            throw new InvalidIdempotencyKeyException("A key's scope has at most " + ChangeOrigin.MAX_ID_LENGTH
                    + " characters");
        }
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            throw new InvalidIdempotencyKeyException("An idempotency key has 1 to " + MAX_KEY_LENGTH
                    + " characters, got " + (key == null ? 0 : key.length()));
        }
    }
}
