package org.petstore.inventory.application.port.outbound;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

/**
 * An in-memory {@link ApiKeyStore}: the fake the application's tests run against. It passes the same contract suite
 * as the real backends, keeps instants to the microsecond as they do, counts the calls a test may want to see (the
 * look-ups of a secret, the reads of secrets, the writes of uses), and can be made unreachable.
 */
public final class InMemoryApiKeyStore implements ApiKeyStore {

    /** A secret as a row holds it: its key's id and its own expiry. */
    private record Secret(KeyId keyId, Instant expiresAt) {
    }

    private final Map<KeyId, ApiKey> keys = new LinkedHashMap<>();
    private final Map<String, Secret> secrets = new LinkedHashMap<>();
    private final AtomicInteger lookups = new AtomicInteger();
    private final AtomicInteger secretReads = new AtomicInteger();
    private final AtomicInteger useWrites = new AtomicInteger();
    private volatile boolean unavailable;

    /** Whether every call fails as a store that cannot be reached does. */
    public void unavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    private void reachable() {
        if (unavailable) {
            throw new StorageUnavailableException("The API key store cannot be reached (a test made it so)",
                    new IllegalStateException("unreachable"));
        }
    }

    /** How many times {@link #findBySecretDigest} was called. */
    public int lookups() {
        return lookups.get();
    }

    /** How many times {@link #secretsOf} was called. */
    public int secretReads() {
        return secretReads.get();
    }

    /** How many times {@link #recordUse} was called. */
    public int useWrites() {
        return useWrites.get();
    }

    public synchronized void clear() {
        keys.clear();
        secrets.clear();
    }

    /** Every value held, as text: each field of each key and each secret. */
    public synchronized List<String> everythingStored() {
        List<String> values = new ArrayList<>();
        keys.values().forEach(key -> Stream.of(key.id(), key.name(), key.scopes(), key.createdAt(), key.expiresAt(),
                key.revokedAt(), key.lastUsedAt(), key.quota()).forEach(value -> values.add(String.valueOf(value))));
        secrets.forEach((digest, secret) -> Stream.of(digest, secret.keyId(), secret.expiresAt())
                .forEach(value -> values.add(String.valueOf(value))));
        return values;
    }

    @Override
    public synchronized void add(ApiKey key, String secretDigest) {
        reachable();
        requireDigest(secretDigest);
        if (keys.containsKey(key.id()) || secrets.containsKey(secretDigest)) {
            throw new IllegalStateException("already stored: " + key.id());
        }
        keys.put(key.id(), new ApiKey(key.id(), key.name(), key.scopes(), micros(key.createdAt()),
                micros(key.expiresAt()), micros(key.revokedAt()), micros(key.lastUsedAt()), key.quota()));
        secrets.put(secretDigest, new Secret(key.id(), null));
    }

    @Override
    public synchronized Optional<KeySecretEntry> findBySecretDigest(String secretDigest) {
        reachable();
        lookups.incrementAndGet();
        return Optional.ofNullable(secrets.get(secretDigest)).map(secret -> entry(secretDigest, secret));
    }

    @Override
    public synchronized List<KeySecretEntry> secretsOf(Collection<KeyId> ids) {
        reachable();
        secretReads.incrementAndGet();
        Set<KeyId> wanted = new HashSet<>(ids);
        return secrets.entrySet().stream().filter(secret -> wanted.contains(secret.getValue().keyId()))
                .map(secret -> entry(secret.getKey(), secret.getValue())).toList();
    }

    private KeySecretEntry entry(String digest, Secret secret) {
        return new KeySecretEntry(keys.get(secret.keyId()), digest, secret.expiresAt());
    }

    @Override
    public synchronized List<ApiKey> list() {
        reachable();
        return keys.values().stream()
                .sorted(Comparator.comparing(ApiKey::createdAt).thenComparing(key -> key.id().value())).toList();
    }

    @Override
    public synchronized Optional<ApiKey> find(KeyId id) {
        reachable();
        return Optional.ofNullable(keys.get(id));
    }

    @Override
    public synchronized void revoke(KeyId id, Instant at) {
        reachable();
        keys.computeIfPresent(id, (unused, key) -> key.revokedAt(micros(at)));
    }

    @Override
    public synchronized void rotate(KeyId id, String newSecretDigest, Instant oldSecretsUntil) {
        reachable();
        requireDigest(newSecretDigest);
        if (!keys.containsKey(id)) {
            throw new ApiKeyNotFoundException(id.value());
        }
        if (secrets.containsKey(newSecretDigest)) {
            throw new IllegalStateException("already stored: a secret of " + secrets.get(newSecretDigest).keyId());
        }
        Instant cap = micros(oldSecretsUntil);
        secrets.replaceAll((digest, secret) -> secret.keyId().equals(id)
                && (secret.expiresAt() == null || secret.expiresAt().isAfter(cap))
                ? new Secret(id, cap) : secret);
        secrets.put(newSecretDigest, new Secret(id, null));
    }

    @Override
    public synchronized void recordUse(Map<KeyId, Instant> lastUsed) {
        reachable();
        useWrites.incrementAndGet();
        lastUsed.forEach((id, at) -> keys.computeIfPresent(id, (unused, key) ->
                key.lastUsedAt() != null && !key.lastUsedAt().isBefore(micros(at)) ? key
                        : new ApiKey(key.id(), key.name(), key.scopes(), key.createdAt(), key.expiresAt(),
                                key.revokedAt(), micros(at), key.quota())));
    }

    @Override
    public synchronized void changeQuota(KeyId id, Quota quota) {
        reachable();
        if (keys.computeIfPresent(id, (unused, key) -> key.withQuota(quota)) == null) {
            throw new ApiKeyNotFoundException(id.value());
        }
    }

    private static void requireDigest(String digest) {
        if (!ApiKeyStore.isDigest(digest)) {
            throw new IllegalArgumentException("Not a secret's digest (64 lower-case hex digits)");
        }
    }

    private static Instant micros(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.MICROS);
    }
}
