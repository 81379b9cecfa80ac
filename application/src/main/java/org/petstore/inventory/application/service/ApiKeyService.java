package org.petstore.inventory.application.service;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.inbound.ManageApiKeysUseCase;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.ApiKeyStore.KeySecretEntry;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.InvalidKeyRequestException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.KeyRefusal;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.ScopeNotHeldException;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Managed keys, and which key a presented secret is. An instance keeps the secrets it has seen in memory
 * ({@code known}: bounded by the store, since only stored secrets enter) and re-reads them on {@link #refresh} (every
 * few seconds, so that a key revoked or rotated through another instance is refused here soon after); its own changes
 * apply at once. A well-formed secret the store does not hold is remembered as unknown until the next refresh, at most
 * {@value #MAX_UNKNOWN} of them; a secret whose form or checksum is wrong never reaches the store or memory. Uses are
 * collected in memory (the latest per key, to the second) and written by {@link #flushUses} (once a minute). Times are
 * taken to the microsecond, as the store keeps them, so that a key answered at its creation equals the key read back.
 * Plain Java: the bootstrap module wires it and schedules both.
 */
public final class ApiKeyService implements ManageApiKeysUseCase, AuthenticateApiKeyUseCase {

    /** How many well-formed but unknown secrets an instance remembers between two refreshes. */
    public static final int MAX_UNKNOWN = 10_000;
    private static final System.Logger LOG = System.getLogger(ApiKeyService.class.getName());

    private final ApiKeyStore store;
    private final Clock clock;
    private final RandomGenerator random;
    private final Map<String, KeySecretEntry> known = new ConcurrentHashMap<>();
    private final Set<String> unknown = ConcurrentHashMap.newKeySet();
    private final Map<KeyId, Instant> uses = new ConcurrentHashMap<>();

    public ApiKeyService(ApiKeyStore store, Clock clock, RandomGenerator random) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    @Override
    public Optional<KeyCheck> checkInMemory(String presentedSecret) {
        if (!KeySecret.isWellFormed(presentedSecret)) {
            return Optional.of(new Unknown());
        }
        String digest = ApiKeyStore.digest(presentedSecret);
        KeySecretEntry entry = known.get(digest);
        if (entry != null) {
            return Optional.of(checked(entry));
        }
        return unknown.contains(digest) ? Optional.of(new Unknown()) : Optional.empty();
    }

    @Override
    public KeyCheck check(String presentedSecret) {
        return checkInMemory(presentedSecret).orElseGet(() -> {
            String digest = ApiKeyStore.digest(presentedSecret);
            Optional<KeySecretEntry> stored = store.findBySecretDigest(digest);
            if (stored.isEmpty()) {
                if (unknown.size() < MAX_UNKNOWN) {
                    unknown.add(digest);
                }
                return new Unknown();
            }
            known.put(digest, stored.get());
            return checked(stored.get());
        });
    }

    private KeyCheck checked(KeySecretEntry entry) {
        Instant now = now();
        Optional<KeyRefusal> refusal = refusalAt(entry, now);
        if (refusal.isPresent()) {
            return new Refused(refusal.get());
        }
        noteUse(entry.key().id(), now);
        return new Valid(entry.key());
    }

    /**
     * Keeps the latest use of the key since the last flush, to the second: a key in constant use writes the map about
     * once a second, and reads it otherwise.
     */
    private void noteUse(KeyId id, Instant now) {
        Instant noted = uses.get(id);
        if (noted == null || now.isAfter(noted.plusSeconds(1))) {
            uses.put(id, now);
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private static Optional<KeyRefusal> refusalAt(KeySecretEntry entry, Instant now) {
        Optional<KeyRefusal> refusal = entry.key().refusalAt(now);
        if (refusal.isEmpty() && entry.secretExpiresAt() != null && !now.isBefore(entry.secretExpiresAt())) {
            return Optional.of(new KeyRefusal(entry.key().id(), KeyRefusal.Reason.EXPIRED, entry.secretExpiresAt()));
        }
        return refusal;
    }

    /** Re-reads every secret this instance knows, and forgets the unknown ones. */
    public void refresh() {
        Set<KeyId> ids = known.values().stream().map(entry -> entry.key().id()).collect(Collectors.toSet());
        unknown.clear();
        if (!ids.isEmpty()) {
            reload(ids);
        }
    }

    /** Replaces what is known of the keys' secrets by what the store holds; a secret it no longer holds is forgotten. */
    private void reload(Set<KeyId> ids) {
        Map<String, KeySecretEntry> fresh = new HashMap<>();
        store.secretsOf(ids).forEach(entry -> fresh.put(entry.digest(), entry));
        for (Map.Entry<String, KeySecretEntry> held : known.entrySet()) {
            if (ids.contains(held.getValue().key().id())) {
                KeySecretEntry stored = fresh.get(held.getKey());
                if (stored == null) {
                    known.remove(held.getKey(), held.getValue());
                } else {
                    known.replace(held.getKey(), held.getValue(), stored);
                }
            }
        }
    }

    /** Writes the uses collected since the last call: at most one write per key and call. */
    public void flushUses() {
        Map<KeyId, Instant> collected = new HashMap<>();
        for (KeyId id : List.copyOf(uses.keySet())) {
            Instant at = uses.remove(id);
            if (at != null) {
                collected.put(id, at);
            }
        }
        if (!collected.isEmpty()) {
            try {
                store.recordUse(collected);
            } catch (RuntimeException e) {
                // written at the next flush, unless a later use was noted meanwhile
                collected.forEach((id, at) -> uses.merge(id, at, (noted, back) -> noted.isAfter(back) ? noted : back));
                throw e;
            }
        }
    }

    @Override
    public IssuedKey create(CreateKeyCommand command, Caller caller) {
        requireCover(caller, command);
        String taken = store.list().stream()
                .filter(key -> key.revokedAt() == null && key.name().equals(command.name()))
                .map(key -> key.id().value()).findFirst().orElse(null);
        if (taken != null) {
            throw new InvalidKeyRequestException("name '" + command.name() + "' is taken by " + taken
                    + ": choose another name, or revoke that key first");
        }
        Instant expiresAt = command.expiresAt() == null ? null : command.expiresAt().truncatedTo(ChronoUnit.MICROS);
        ApiKey key = ApiKey.create(KeyId.random(random), command.name(), command.scopes(), now(), expiresAt,
                command.quota());
        String secret = KeySecret.generate(random);
        store.add(key, ApiKeyStore.digest(secret));
        LOG.log(Level.INFO, "API key {0} \"{1}\" created with scopes {2}{3} by {4}", key.id(), key.name(),
                key.scopes(), key.expiresAt() == null ? "" : ", expiring at " + key.expiresAt(), caller.id());
        return new IssuedKey(key, secret);
    }

    private static void requireCover(Caller caller, CreateKeyCommand command) {
        if (!caller.scopes().cover(command.scopes())) {
            throw new ScopeNotHeldException(caller.scopes(), command.scopes());
        }
    }

    @Override
    public List<ApiKey> list() {
        return store.list();
    }

    @Override
    public ApiKey find(String id) {
        if (!KeyId.isKeyId(id)) {
            throw new ApiKeyNotFoundException(id);
        }
        return store.find(new KeyId(id)).orElseThrow(() -> new ApiKeyNotFoundException(id));
    }

    @Override
    public void revoke(String id, Caller caller) {
        ApiKey key = find(id);
        if (key.revokedAt() != null) {
            return;
        }
        Instant now = now();
        store.revoke(key.id(), now);
        reload(Set.of(key.id()));
        LOG.log(Level.INFO, "API key {0} \"{1}\" with scopes {2} revoked by {3}", key.id(), key.name(), key.scopes(),
                caller.id());
    }

    @Override
    public IssuedKey rotate(String id, KeyOverlap overlap, Caller caller) {
        ApiKey key = find(id);
        if (key.revokedAt() != null) {
            throw new InvalidKeyRequestException("key " + id + " was revoked at " + key.revokedAt()
                    + " and cannot be rotated: create a new key");
        }
        Instant now = now();
        if (key.expiresAt() != null && !now.isBefore(key.expiresAt())) {
            throw new InvalidKeyRequestException("key " + id + " expired at " + key.expiresAt()
                    + " and cannot be rotated: create a new key");
        }
        if (!caller.scopes().cover(key.scopes())) {
            throw new ScopeNotHeldException(caller.scopes(), key.scopes());
        }
        Instant oldSecretsUntil = now.plus(overlap.value()).truncatedTo(ChronoUnit.MICROS);
        String secret = KeySecret.generate(random);
        store.rotate(key.id(), ApiKeyStore.digest(secret), oldSecretsUntil);
        reload(Set.of(key.id()));
        LOG.log(Level.INFO, "API key {0} \"{1}\" with scopes {2} rotated by {3}; its old secret works until {4}",
                key.id(), key.name(), key.scopes(), caller.id(), oldSecretsUntil);
        return new IssuedKey(key, secret, oldSecretsUntil);
    }

    @Override
    public ApiKey changeQuota(String id, Quota quota, Caller caller) {
        ApiKey key = find(id);
        store.changeQuota(key.id(), quota);
        reload(Set.of(key.id()));
        LOG.log(Level.INFO, "API key {0} \"{1}\" now has the quota {2} by {3}", key.id(), key.name(),
                quota == null ? "of the default" : quota.rate() + ", " + quota.liveFeeds() + " live feeds", caller.id());
        return key.withQuota(quota);
    }
}
