package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
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
import org.petstore.inventory.application.port.outbound.InMemoryApiKeyStore;
import org.petstore.inventory.application.service.ApiKeyService;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The managed keys behind the HTTP adapter: the application's own {@link ApiKeyService} (both use cases) over an
 * in-memory {@link ApiKeyStore} (the application's {@link InMemoryApiKeyStore}), on a clock the test sets and a seeded random source, made anew before
 * each test with the {@link #SEEDED} keys (put in the store as the service would, without its log lines). The store can be made unreachable, as a database that went away.
 */
@Singleton
final class InMemoryApiKeys implements ManageApiKeysUseCase, AuthenticateApiKeyUseCase {

    /** When every test starts. */
    static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    /** The keys every test starts with, by name: what each may do. */
    static final Map<String, Scopes> SEEDED = seeded();

    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();
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
        store.unavailable(false);
        issued.clear();
        now = NOW;
        Random random = new Random(48);
        service = new ApiKeyService(store, clock, random);
        SEEDED.forEach((name, scopes) -> {
            ApiKey key = ApiKey.create(KeyId.random(random), new KeyName(name), scopes, NOW, null, null);
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

    /** Whether every call of the store fails, as a database that went away. */
    void storeUnavailable(boolean unavailable) {
        store.unavailable(unavailable);
    }

    /** How many times the store was asked which key a secret is. */
    int storeLookups() {
        return store.lookups();
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

    @Override
    public ApiKey changeQuota(String id, Quota quota, Caller caller) {
        return service().changeQuota(id, quota, caller);
    }

    private synchronized ApiKeyService service() {
        return service;
    }
}
