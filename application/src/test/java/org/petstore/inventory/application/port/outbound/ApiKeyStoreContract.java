package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ApiKeyStore.KeySecretEntry;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/**
 * What every {@link ApiKeyStore} must do. Each backend's test extends this class and says how to reach its store, how
 * to empty it and how to read everything it holds; the in-memory fake passes it too.
 */
public abstract class ApiKeyStoreContract {

    protected static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    /** The store under test. */
    protected abstract ApiKeyStore store();

    /** Removes every key and every secret. */
    protected abstract void givenNoKeys();

    /** Every value the store holds for keys and their secrets, each as text (nulls as {@code null}). */
    protected abstract List<String> everythingStored();

    @BeforeEach
    void noKeys() {
        givenNoKeys();
    }

    protected static KeyId id(int n) {
        return new KeyId("key-%012x".formatted(n));
    }

    protected static ApiKey key(int n, String name, Instant createdAt, Scope... scopes) {
        return new ApiKey(id(n), new KeyName(name), Scopes.of(scopes), createdAt, null, null, null);
    }

    protected static ApiKey key(int n, Instant createdAt) {
        return key(n, "key " + n, createdAt, Scope.INVENTORY_READ);
    }

    /** The digest of a made-up secret: the store only ever sees digests. */
    protected static String digest(String secret) {
        return ApiKeyStore.digest(secret);
    }

    private Instant secretExpiry(String secret) {
        return store().findBySecretDigest(digest(secret)).orElseThrow().secretExpiresAt();
    }

    private ApiKey stored(KeyId id) {
        return store().find(id).orElseThrow();
    }

    @Test
    void anAddedKeyIsFoundWithEveryFieldAndItsFirstSecretWorksAsLongAsTheKey() {
        ApiKey key = new ApiKey(id(0xabc), new KeyName("Señor till ✓ #3"),
                Scopes.of(Scope.INVENTORY_WRITE, Scope.KEYS_ADMIN), T0, T0.plus(Duration.ofDays(30)), null, null);

        store().add(key, digest("first"));

        assertAll(
                () -> assertEquals(Optional.of(key), store().find(key.id())),
                () -> assertEquals(Optional.of(new KeySecretEntry(key, digest("first"), null)),
                        store().findBySecretDigest(digest("first"))),
                () -> assertEquals(Optional.empty(), store().find(id(0xabd))),
                () -> assertEquals(Optional.empty(), store().findBySecretDigest(digest("never issued"))));
    }

    @Test
    void everyScopeAndLongestNameAreKeptExactly() {
        ApiKey all = new ApiKey(id(1), new KeyName("x".repeat(KeyName.MAX_LENGTH)), Scopes.ALL, T0, null, null,
                null);
        ApiKey one = key(2, " spaced name ", T0, Scope.KEYS_ADMIN);

        store().add(all, digest("all"));
        store().add(one, digest("one"));

        assertEquals(List.of(all, one), store().list());
    }

    @Test
    void instantsAreKeptToTheMicrosecond() {
        Instant precise = Instant.parse("2026-11-01T10:00:00.123456789Z");
        store().add(new ApiKey(id(1), new KeyName("precise"), Scopes.of(Scope.INVENTORY_READ), precise,
                precise.plusSeconds(60), null, null), digest("precise"));

        ApiKey kept = stored(id(1));

        assertEquals(Instant.parse("2026-11-01T10:00:00.123456Z"), kept.createdAt());
        assertEquals(Instant.parse("2026-11-01T10:01:00.123456Z"), kept.expiresAt());
    }

    @Test
    void theListHoldsEveryKeyRevokedOnesIncludedOldestFirstThenById() {
        store().add(key(3, T0.plusSeconds(2)), digest("3"));
        store().add(key(2, T0), digest("2"));
        store().add(key(9, T0.plusSeconds(1)), digest("9"));
        store().add(key(1, T0), digest("1"));
        store().revoke(id(2), T0.plusSeconds(5));

        assertEquals(List.of(id(1), id(2), id(9), id(3)), store().list().stream().map(ApiKey::id).toList());
        assertEquals(T0.plusSeconds(5), store().list().get(1).revokedAt());
    }

    @Test
    void anEmptyStoreListsNothing() {
        assertEquals(List.of(), store().list());
    }

    @Test
    void aRevocationIsKeptOnceAndALaterOneChangesNothing() {
        store().add(key(1, T0), digest("one"));
        store().add(key(2, T0), digest("two"));

        store().revoke(id(1), T0.plusSeconds(10));
        store().revoke(id(1), T0.plusSeconds(20));
        store().revoke(id(0xfff), T0.plusSeconds(20));

        assertAll(
                () -> assertEquals(T0.plusSeconds(10), stored(id(1)).revokedAt()),
                () -> assertEquals(T0.plusSeconds(10),
                        store().findBySecretDigest(digest("one")).orElseThrow().key().revokedAt(),
                        "the key as found by its secret"),
                () -> assertEquals(null, stored(id(2)).revokedAt(), "another key"),
                () -> assertEquals(Optional.empty(), store().find(id(0xfff)), "an unknown id is not created"));
    }

    @Test
    void aRotationAddsASecretAndCapsTheOthersWithoutEverMovingAnExpiryLater() {
        store().add(key(1, T0), digest("first"));
        Instant firstUntil = T0.plus(Duration.ofHours(24));

        store().rotate(id(1), digest("second"), firstUntil);
        assertAll(
                () -> assertEquals(firstUntil, secretExpiry("first")),
                () -> assertEquals(null, secretExpiry("second"), "the new secret works as long as the key"),
                () -> assertEquals(id(1), store().findBySecretDigest(digest("second")).orElseThrow().key().id()));

        store().rotate(id(1), digest("third"), firstUntil.plus(Duration.ofDays(2)));
        assertAll(
                () -> assertEquals(firstUntil, secretExpiry("first"), "an earlier expiry stays"),
                () -> assertEquals(firstUntil.plus(Duration.ofDays(2)), secretExpiry("second")),
                () -> assertEquals(null, secretExpiry("third")));

        Instant now = T0.plusSeconds(60);
        store().rotate(id(1), digest("fourth"), now);
        assertAll(
                () -> assertEquals(now, secretExpiry("first"), "a shorter overlap caps every older secret"),
                () -> assertEquals(now, secretExpiry("second")),
                () -> assertEquals(now, secretExpiry("third")),
                () -> assertEquals(null, secretExpiry("fourth")));
    }

    @Test
    void aRotationLeavesTheSecretsOfOtherKeysAndTheKeyItselfAsTheyAre() {
        ApiKey rotated = key(1, T0);
        ApiKey other = key(2, T0);
        store().add(rotated, digest("rotated"));
        store().add(other, digest("other"));

        store().rotate(id(1), digest("rotated again"), T0.plusSeconds(30));

        assertAll(
                () -> assertEquals(null, secretExpiry("other")),
                () -> assertEquals(Optional.of(rotated), store().find(id(1)), "same id, name, scopes and times"),
                () -> assertEquals(List.of(rotated, other), store().list()));
    }

    @Test
    void aRotationOfAnUnknownKeyIsRefusedAndAddsNothing() {
        assertThrows(ApiKeyNotFoundException.class, () -> store().rotate(id(7), digest("orphan"), T0));
        assertEquals(Optional.empty(), store().findBySecretDigest(digest("orphan")));
    }

    @Test
    void concurrentRotationsOfOneKeyLeaveExactlyOneSecretWithoutExpiry() throws Exception {
        store().add(key(1, T0), digest("first"));
        List<Callable<Void>> rotations = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String secret = "concurrent " + i;
            rotations.add(() -> {
                store().rotate(id(1), digest(secret), T0.plusSeconds(300));
                return null;
            });
        }
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (Future<Void> rotation : threads.invokeAll(rotations)) {
                rotation.get();
            }
        }

        List<KeySecretEntry> secrets = store().secretsOf(List.of(id(1)));
        assertEquals(9, secrets.size());
        assertEquals(1, secrets.stream().filter(secret -> secret.secretExpiresAt() == null).count(), secrets::toString);
        assertTrue(secrets.stream().allMatch(secret -> secret.secretExpiresAt() == null
                || secret.secretExpiresAt().equals(T0.plusSeconds(300))), secrets::toString);
    }

    @Test
    void theSecretsOfKeysAreEverySecretOfThoseKeysOldOnesIncluded() {
        store().add(key(1, T0), digest("a1"));
        store().add(key(2, T0), digest("b1"));
        store().add(key(3, T0), digest("c1"));
        store().rotate(id(1), digest("a2"), T0.plusSeconds(60));
        store().rotate(id(1), digest("a3"), T0.plusSeconds(30));
        store().revoke(id(2), T0.plusSeconds(90));

        List<KeySecretEntry> secrets = store().secretsOf(List.of(id(1), id(2), id(0xbad)));

        ApiKey revoked = stored(id(2));
        assertEquals(T0.plusSeconds(90), revoked.revokedAt(), "the key as it is now");
        assertEquals(4, secrets.size(), secrets::toString);
        assertEquals(Map.of(
                        digest("a1"), new KeySecretEntry(stored(id(1)), digest("a1"), T0.plusSeconds(30)),
                        digest("a2"), new KeySecretEntry(stored(id(1)), digest("a2"), T0.plusSeconds(30)),
                        digest("a3"), new KeySecretEntry(stored(id(1)), digest("a3"), null),
                        digest("b1"), new KeySecretEntry(revoked, digest("b1"), null)),
                secrets.stream().collect(Collectors.toMap(KeySecretEntry::digest, secret -> secret)));
        assertEquals(List.of(), store().secretsOf(List.of()));
    }

    @Test
    void theSecretsOfManyKeysAreReadWhateverTheirNumber() {
        for (int n = 1; n <= 30; n++) {
            store().add(key(n, T0), digest("secret " + n));
        }
        List<KeyId> ids = IntStream.rangeClosed(1, 5_000).mapToObj(ApiKeyStoreContract::id).toList();

        List<KeySecretEntry> secrets = store().secretsOf(ids);

        assertEquals(IntStream.rangeClosed(1, 30).mapToObj(n -> digest("secret " + n)).sorted().toList(),
                secrets.stream().map(KeySecretEntry::digest).sorted().toList());
    }

    @Test
    void aKeyAddedWithItsOwnQuotaIsReadBackWithItByEveryRead() {
        ApiKey limited = key(1, T0).withQuota(new Quota(50, 120, 3));
        ApiKey largest = key(2, T0.plusSeconds(1))
                .withQuota(new Quota(Quota.MAX_PER_SECOND, Quota.MAX_BURST, Quota.MAX_LIVE_FEEDS));
        ApiKey smallest = key(3, T0.plusSeconds(2)).withQuota(new Quota(1, 1, 1));
        ApiKey byDefault = key(4, T0.plusSeconds(3));
        List<ApiKey> keys = List.of(limited, largest, smallest, byDefault);
        keys.forEach(key -> store().add(key, digest("secret of " + key.id())));

        assertAll(
                () -> assertEquals(keys, store().list()),
                () -> assertEquals(keys, keys.stream().map(key -> stored(key.id())).toList(), "find"),
                () -> assertEquals(keys, keys.stream().map(key -> store().findBySecretDigest(
                        digest("secret of " + key.id())).orElseThrow().key()).toList(), "found by a secret"),
                () -> assertEquals(Map.of(id(1), limited, id(2), largest, id(3), smallest, id(4), byDefault),
                        store().secretsOf(keys.stream().map(ApiKey::id).toList()).stream()
                                .collect(Collectors.toMap(secret -> secret.key().id(), KeySecretEntry::key)),
                        "the secrets of the keys"),
                () -> assertEquals(null, stored(id(4)).quota(), "no quota of its own: the default"));
    }

    @Test
    void aChangeOfQuotaSetsReplacesAndClearsTheKeysOwnQuotaAndNothingElse() {
        ApiKey key = new ApiKey(id(1), new KeyName("till"), Scopes.of(Scope.INVENTORY_WRITE), T0,
                T0.plus(Duration.ofDays(30)), null, null);
        ApiKey other = key(2, T0).withQuota(new Quota(7, 9, 2));
        store().add(key, digest("key"));
        store().add(other, digest("other"));
        store().recordUse(Map.of(id(1), T0.plusSeconds(5)));
        ApiKey used = stored(id(1));

        store().changeQuota(id(1), Quota.of(20));
        assertAll(
                () -> assertEquals(used.withQuota(Quota.of(20)), stored(id(1))),
                () -> assertEquals(used.withQuota(Quota.of(20)),
                        store().findBySecretDigest(digest("key")).orElseThrow().key(), "the key found by its secret"),
                () -> assertEquals(other, stored(id(2)), "another key keeps its own"));

        store().changeQuota(id(1), new Quota(5, 1, Quota.MAX_LIVE_FEEDS));
        assertEquals(used.withQuota(new Quota(5, 1, Quota.MAX_LIVE_FEEDS)), stored(id(1)));

        store().changeQuota(id(1), null);
        store().changeQuota(id(2), null);
        assertAll(
                () -> assertEquals(List.of(used, other.withQuota(null)), store().list(), "back to the default"),
                () -> assertEquals(null, store().secretsOf(List.of(id(2))).getFirst().key().quota()));

        store().revoke(id(2), T0.plusSeconds(9));
        store().changeQuota(id(2), Quota.of(3));
        assertEquals(Quota.of(3), stored(id(2)).quota(), "a revoked key's quota is kept too");
    }

    @Test
    void aChangeOfQuotaOfAnUnknownKeyIsRefusedAndCreatesNothing() {
        store().add(key(1, T0), digest("one"));

        assertAll(
                () -> assertThrows(ApiKeyNotFoundException.class, () -> store().changeQuota(id(7), Quota.of(10))),
                () -> assertThrows(ApiKeyNotFoundException.class, () -> store().changeQuota(id(7), null)));
        assertAll(
                () -> assertEquals(List.of(key(1, T0)), store().list()),
                () -> assertEquals(Optional.empty(), store().find(id(7))));
    }

    @Test
    void aRecordedUseNeverMovesBack() {
        store().add(key(1, T0), digest("one"));
        store().add(key(2, T0), digest("two"));

        store().recordUse(Map.of(id(1), T0.plusSeconds(50)));
        assertEquals(T0.plusSeconds(50), stored(id(1)).lastUsedAt());

        store().recordUse(Map.of(id(1), T0.plusSeconds(30), id(2), T0.plusSeconds(40)));
        assertAll(
                () -> assertEquals(T0.plusSeconds(50), stored(id(1)).lastUsedAt(), "an earlier use is not kept"),
                () -> assertEquals(T0.plusSeconds(40), stored(id(2)).lastUsedAt()));

        store().recordUse(Map.of(id(1), T0.plusSeconds(70), id(0xbad), T0.plusSeconds(70)));
        store().recordUse(Map.of());
        assertAll(
                () -> assertEquals(T0.plusSeconds(70), stored(id(1)).lastUsedAt()),
                () -> assertEquals(Optional.empty(), store().find(id(0xbad)), "an unknown id is not created"),
                () -> assertEquals(T0.plusSeconds(70),
                        store().findBySecretDigest(digest("one")).orElseThrow().key().lastUsedAt()));
    }

    @Test
    void anythingButADigestIsRefusedSoThatNoSecretIsEverStored() {
        String secret = KeySecret.generate(new SecureRandom());
        store().add(key(1, T0), digest("one"));

        assertAll(
                () -> assertThrows(IllegalArgumentException.class, () -> store().add(key(2, T0), secret)),
                () -> assertThrows(IllegalArgumentException.class,
                        () -> store().add(key(3, T0), digest("x").toUpperCase())),
                () -> assertThrows(IllegalArgumentException.class, () -> store().rotate(id(1), secret, T0)),
                () -> assertThrows(IllegalArgumentException.class, () -> store().rotate(id(1), "", T0)));
        assertEquals(List.of(id(1)), store().list().stream().map(ApiKey::id).toList());
        assertEquals(null, secretExpiry("one"), "the refused rotation capped nothing");
    }

    @Test
    void theStoreHoldsDigestsAndNeverASecret() {
        SecureRandom random = new SecureRandom();
        String first = KeySecret.generate(random);
        String second = KeySecret.generate(random);

        store().add(key(1, "till-3", T0, Scope.INVENTORY_WRITE), digest(first));
        store().rotate(id(1), digest(second), T0.plusSeconds(60));
        store().recordUse(Map.of(id(1), T0.plusSeconds(5)));
        store().revoke(id(1), T0.plusSeconds(9));

        List<String> stored = everythingStored();
        assertTrue(stored.contains(digest(first)) && stored.contains(digest(second)), stored::toString);
        assertAll(stored.stream().map(value -> () -> assertFalse(
                value.contains(first) || value.contains(second) || value.contains(KeySecret.PREFIX),
                "a secret is stored: " + value)));
        assertTrue(stored.stream().filter(value -> value.length() == 64).allMatch(ApiKeyStore::isDigest),
                stored::toString);
    }
}
