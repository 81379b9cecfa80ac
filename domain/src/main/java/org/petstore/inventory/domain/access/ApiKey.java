package org.petstore.inventory.domain.access;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A managed API key as the store knows it: never its secret, which only its holder has. {@code expiresAt},
 * {@code revokedAt} and {@code lastUsedAt} are null when the key never expires, is not revoked, or was never used.
 */
public record ApiKey(KeyId id, KeyName name, Scopes scopes, Instant createdAt, Instant expiresAt, Instant revokedAt,
                     Instant lastUsedAt) {

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scopes, "scopes");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** A new key, created at {@code now}; an expiry must lie after it. */
    public static ApiKey create(KeyId id, KeyName name, Scopes scopes, Instant now, Instant expiresAt) {
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            throw new InvalidKeyRequestException("expiresAt must lie in the future, got " + expiresAt
                    + " (now is " + now + "); leave it out for a key that does not expire");
        }
        return new ApiKey(id, name, scopes, now, expiresAt, null, null);
    }

    /** Why this key may not be used at {@code now}: revoked (and when) or expired (and when); empty while valid. */
    public Optional<KeyRefusal> refusalAt(Instant now) {
        if (revokedAt != null) {
            return Optional.of(new KeyRefusal(id, KeyRefusal.Reason.REVOKED, revokedAt));
        }
        if (expiresAt != null && !now.isBefore(expiresAt)) {
            return Optional.of(new KeyRefusal(id, KeyRefusal.Reason.EXPIRED, expiresAt));
        }
        return Optional.empty();
    }

    public ApiKey revokedAt(Instant at) {
        return revokedAt != null ? this : new ApiKey(id, name, scopes, createdAt, expiresAt, at, lastUsedAt);
    }
}
