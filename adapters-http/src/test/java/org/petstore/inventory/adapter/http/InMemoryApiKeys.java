package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.inbound.ManageApiKeysUseCase;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.service.ApiKeyService;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;

/**
 * The managed keys behind the HTTP adapter: the application's own {@link ApiKeyService} (both use cases) over an
 * in-memory {@link ApiKeyStore} ({@link Store}), on a clock the test sets and a seeded random source, made anew before
 * each test with the {@link #SEEDED} keys (put in the store as the service would, without its log lines). The store can be told to fail its next call, as a database that went away.
 */
@Singleton
final class InMemoryApiKeys implements ManageApiKeysUseCase, AuthenticateApiKeyUseCase {

    /** When every test starts. */
    static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    /** The keys every test starts with, by name: what each may do. */
    static final Map<String, Scopes> SEEDED = seeded();

    private final Store store = new Store();
    private final Map<String, IssuedKey> issued = new LinkedHashMap<>();
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return currentTime();
        }
    };
    private Instant now = NOW;
    private ApiKeyService service;

    InMemoryApiKeys() {
        reset();
    }

    private static Map<String, Scopes> seeded() {
        Map<String, Scopes> seeded = new LinkedHashMap<>();
        seeded.put("storefront", Scopes.of(Scope.INVENTORY_READ));
        seeded.put("till-1", Scopes.of(Scope.INVENTORY_WRITE));
        seeded.put("key-admin", Scopes.of(Scope.KEYS_ADMIN));
        seeded.put("read-admin", Scopes.of(Scope.INVENTORY_READ, Scope.KEYS_ADMIN));
        return seeded;
    }

    /** An empty store with the {@link #SEEDED} keys, at {@link #NOW}, and a service that has seen none of them. */
    synchronized void reset() {
        store.clear();
        issued.clear();
        now = NOW;
        Random random = new Random(48);
        service = new ApiKeyService(store, clock, random);
        SEEDED.forEach((name, scopes) -> {
            ApiKey key = ApiKey.create(KeyId.random(random), new KeyName(name), scopes, NOW, null);
            String secret = KeySecret.generate(random);
            store.add(key, ApiKeyStore.digest(secret));
            issued.put(name, new IssuedKey(key, secret));
        });
    }

    private synchronized Instant currentTime() {
        return now;
    }

    /** The clock moves on. */
    synchronized void advanceTo(Instant at) {
        now = at;
    }

    /** The secret of a seeded key. */
    synchronized String secretOf(String name) {
        return issued.get(name).secret();
    }

    /** The id of a seeded key. */
    synchronized String idOf(String name) {
        return issued.get(name).key().id().value();
    }

    /** The next call of the store fails with {@code fault}. */
    void failNextCallWith(RuntimeException fault) {
        store.failNextCallWith(fault);
    }

    /** Writes the uses the service collected, as the service's schedule does once a minute. */
    void flushUses() {
        service().flushUses();
    }

    /** The key as the store holds it. */
    ApiKey stored(String id) {
        return store.find(new KeyId(id)).orElseThrow();
    }

    // the use cases: the application's service

    @Override
    public Optional<KeyCheck> checkInMemory(String presentedSecret) {
        return service().checkInMemory(presentedSecret);
    }

    @Override
    public KeyCheck check(String presentedSecret) {
        return service().check(presentedSecret);
    }

    @Override
    public IssuedKey create(CreateKeyCommand command, Caller caller) {
        return service().create(command, caller);
    }

    @Override
    public List<ApiKey> list() {
        return service().list();
    }

    @Override
    public ApiKey find(String id) {
        return service().find(id);
    }

    @Override
    public void revoke(String id, Caller caller) {
        service().revoke(id, caller);
    }

    @Override
    public IssuedKey rotate(String id, KeyOverlap overlap, Caller caller) {
        return service().rotate(id, overlap, caller);
    }

    private synchronized ApiKeyService service() {
        return service;
    }

    /** The store of the keys, in memory: each key, the digests of its secrets and each secret's expiry. */
    static final class Store implements ApiKeyStore {

        private final Map<KeyId, ApiKey> keys = new LinkedHashMap<>();
        private final Map<String, KeyId> digests = new LinkedHashMap<>();
        private final Map<String, Instant> secretExpiries = new LinkedHashMap<>();
        private RuntimeException nextFailure;

        synchronized void clear() {
            keys.clear();
            digests.clear();
            secretExpiries.clear();
            nextFailure = null;
        }

        synchronized void failNextCallWith(RuntimeException fault) {
            nextFailure = fault;
        }

        private void throwPendingFailure() {
            RuntimeException fault = nextFailure;
            nextFailure = null;
            if (fault != null) {
                throw fault;
            }
        }

        @Override
        public synchronized void add(ApiKey key, String secretDigest) {
            throwPendingFailure();
            keys.put(key.id(), key);
            digests.put(secretDigest, key.id());
        }

        @Override
        public synchronized Optional<KeySecretEntry> findBySecretDigest(String secretDigest) {
            throwPendingFailure();
            return Optional.ofNullable(digests.get(secretDigest)).map(id -> entry(secretDigest, id));
        }

        @Override
        public synchronized List<KeySecretEntry> secretsOf(Collection<KeyId> ids) {
            throwPendingFailure();
            List<KeySecretEntry> entries = new ArrayList<>();
            digests.forEach((digest, id) -> {
                if (ids.contains(id)) {
                    entries.add(entry(digest, id));
                }
            });
            return entries;
        }

        private KeySecretEntry entry(String digest, KeyId id) {
            return new KeySecretEntry(keys.get(id), digest, secretExpiries.get(digest));
        }

        @Override
        public synchronized List<ApiKey> list() {
            throwPendingFailure();
            return List.copyOf(keys.values());
        }

        @Override
        public synchronized Optional<ApiKey> find(KeyId id) {
            throwPendingFailure();
            return Optional.ofNullable(keys.get(id));
        }

        @Override
        public synchronized void revoke(KeyId id, Instant at) {
            throwPendingFailure();
            keys.computeIfPresent(id, (key, stored) -> stored.revokedAt(at));
        }

        @Override
        public synchronized void rotate(KeyId id, String newSecretDigest, Instant oldSecretsUntil) {
            throwPendingFailure();
            digests.forEach((digest, owner) -> {
                if (owner.equals(id)) {
                    Instant expiry = secretExpiries.get(digest);
                    secretExpiries.put(digest, expiry == null || expiry.isAfter(oldSecretsUntil) ? oldSecretsUntil
                            : expiry);
                }
            });
            digests.put(newSecretDigest, id);
        }

        @Override
        public synchronized void recordUse(Map<KeyId, Instant> lastUsed) {
            throwPendingFailure();
            lastUsed.forEach((id, at) -> keys.computeIfPresent(id, (key, stored) -> new ApiKey(stored.id(),
                    stored.name(), stored.scopes(), stored.createdAt(), stored.expiresAt(), stored.revokedAt(), at)));
        }

    }
}
