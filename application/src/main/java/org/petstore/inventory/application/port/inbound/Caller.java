package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.access.Scopes;

/**
 * Who asks: the id of the acting API key and the scopes it holds, or the operator at the launcher, who holds every
 * scope. The id is what the audit log names; it is never a secret.
 */
public record Caller(String id, Scopes scopes) {

    /** An operator running the launcher's {@code keys} command on the database. */
    public static final Caller OPERATOR = new Caller("operator (launcher)", Scopes.ALL);

    public Caller {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(scopes, "scopes");
    }
}
