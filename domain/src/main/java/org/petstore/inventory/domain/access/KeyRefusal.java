package org.petstore.inventory.domain.access;

import java.time.Instant;

/** Why a key that once was valid is refused now, and since when: it was revoked, or it (or its secret) expired. */
public record KeyRefusal(KeyId id, Reason reason, Instant since) {

    public enum Reason { EXPIRED, REVOKED }
}
