package org.petstore.inventory.domain.access;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.domain.quota.Quota;

/**
 * A managed API key as the store knows it: never its secret, which only its holder has. {@code expiresAt},
 * {@code revokedAt} and {@code lastUsedAt} are null when the key never expires, is not revoked, or was never used;
 * {@code quota} is null when the key has the service's default quota ({@code PETSTORE_RATE_LIMIT}).
 */
public record ApiKey(KeyId id, KeyName name, Scopes scopes, Instant createdAt, Instant expiresAt, Instant revokedAt,
                     Instant lastUsedAt, Quota quota) {

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(scopes, "scopes");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** A key with the default quota. */
    public ApiKey(KeyId id, KeyName name, Scopes scopes, Instant createdAt, Instant expiresAt, Instant revokedAt,
                  Instant lastUsedAt) {
        this(id, name, scopes, createdAt, expiresAt, revokedAt, lastUsedAt, null);
    }

    /** A new key, created at {@code now}; an expiry must lie after it. */
    public static ApiKey create(KeyId id, KeyName name, Scopes scopes, Instant now, Instant expiresAt, Quota quota) {
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            throw new InvalidKeyRequestException("expiresAt must lie in the future, got " + expiresAt
                    + " (now is " + now + "); leave it out for a key that does not expire");
        }
        return new ApiKey(id, name, scopes, now, expiresAt, null, null, quota);
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
        return revokedAt != null ? this : new ApiKey(id, name, scopes, createdAt, expiresAt, at, lastUsedAt, quota);
    }

    /** This key with another quota (null: the default). */
    public ApiKey withQuota(Quota newQuota) {
        return new ApiKey(id, name, scopes, createdAt, expiresAt, revokedAt, lastUsedAt, newQuota);
    }
}
