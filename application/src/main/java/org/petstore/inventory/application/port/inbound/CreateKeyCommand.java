package org.petstore.inventory.application.port.inbound;

import java.time.Instant;
import java.util.Objects;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scopes;

/** A key to create: its name, its scopes, and when it expires (null: never). */
public record CreateKeyCommand(KeyName name, Scopes scopes, Instant expiresAt) {

    public CreateKeyCommand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scopes, "scopes");
    }
}
