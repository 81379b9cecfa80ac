package org.petstore.inventory.application.port.inbound;

import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.access.ApiKey;

/**
 * A key with the secret just issued for it: shown to the caller once, kept nowhere. After a rotation,
 * {@code previousSecretsUntil} is when the key's older secrets stop working (the end of the overlap); null for a new
 * key.
 */
public record IssuedKey(ApiKey key, String secret, Instant previousSecretsUntil) {

    public IssuedKey {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(secret, "secret");
    }

    /** A new key's first secret. */
    public IssuedKey(ApiKey key, String secret) {
        this(key, secret, null);
    }

    @Override
    public String toString() {
        return "IssuedKey[" + key.id() + "]";
    }
}
