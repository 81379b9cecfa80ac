package org.petstore.inventory.application.port.inbound;

import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/** A key to create: its name, its scopes, when it expires (null: never) and its quota (null: the default). */
public record CreateKeyCommand(KeyName name, Scopes scopes, Instant expiresAt, Quota quota) {

    public CreateKeyCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scopes, "scopes");
    }

    /** A key with the default quota. */
    public CreateKeyCommand(KeyName name, Scopes scopes, Instant expiresAt) {
        this(name, scopes, expiresAt, null);
    }
}
