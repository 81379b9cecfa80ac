package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.access.ApiKey;

/** A key with the secret just issued for it: shown to the caller once, kept nowhere. */
public record IssuedKey(ApiKey key, String secret) {

    public IssuedKey {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(secret, "secret");
    }

    @Override
    public String toString() {
        return "IssuedKey[" + key.id() + "]";
    }
}
