package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase.Refused;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase.Unknown;
import org.petstore.inventory.application.port.inbound.AuthenticateApiKeyUseCase.Valid;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.InMemoryApiKeyStore;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.InvalidKeyRequestException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.KeyOverlap;
import org.petstore.inventory.domain.access.KeyRefusal;
import org.petstore.inventory.domain.access.KeySecret;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.ScopeNotHeldException;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

class ApiKeyServiceTest {

    private static final Instant START = Instant.parse("2026-11-01T10:00:00.123456789Z");
    private static final Caller ADMIN = new Caller("key-00000000ad00", Scopes.of(Scope.KEYS_ADMIN));
    private static final Caller WRITING_ADMIN = new Caller("key-00000000ad01",
            Scopes.of(Scope.KEYS_ADMIN, Scope.INVENTORY_WRITE));

    /** A clock that stands still until a test moves it. */
    private static final class MutableClock extends Clock {

        private Instant now = START;

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    private final InMemoryApiKeyStore store = new InMemoryApiKeyStore();
    private final MutableClock clock = new MutableClock();
    private final Random random = new Random(48);
    private final ApiKeyService service = new ApiKeyService(store, clock, random);

    private static CreateKeyCommand command(String name, Instant expiresAt, Scope... scopes) {
        return new CreateKeyCommand(new KeyName(name), Scopes.of(scopes), expiresAt);
    }

    private IssuedKey created(String name, Scope... scopes) {
        return service.create(command(name, null, scopes), Caller.OPERATOR);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    // ---- create

    @Test
    void aCreatedKeysSecretIsShownOnceWellFormedAndOnlyItsDigestIsStored() {
        IssuedKey issued = service.create(command("till-3", START.plus(Duration.ofDays(30)), Scope.INVENTORY_WRITE),
                WRITING_ADMIN);
        String secret = issued.secret();

        assertAll(
                () -> assertTrue(KeySecret.isWellFormed(secret), secret),
                () -> assertEquals(KeySecret.LENGTH, secret.length()),
                () -> assertTrue(secret.startsWith("pst_"), secret),
                () -> assertTrue(KeyId.isKeyId(issued.key().id().value()), issued.key().id().value()),
                () -> assertEquals(new KeyName("till-3"), issued.key().name()),
                () -> assertEquals(Scopes.of(Scope.INVENTORY_WRITE), issued.key().scopes()),
                () -> assertEquals(now(), issued.key().createdAt(), "to the microsecond, as the store keeps it"),
                () -> assertEquals(START.plus(Duration.ofDays(30)).truncatedTo(ChronoUnit.MICROS),
                        issued.key().expiresAt()),
                () -> assertEquals(List.of(issued.key()), store.list(), "stored as answered"),
                () -> assertEquals(issued.key(), store.findBySecretDigest(ApiKeyStore.digest(secret)).orElseThrow()
                        .key()),
                () -> assertTrue(store.everythingStored().stream().noneMatch(value -> value.contains(secret)),
                        "the secret is stored"),
                () -> assertFalse(issued.toString().contains(secret), issued::toString),
                () -> assertEquals(new Valid(issued.key()), service.check(secret)));
    }

    @Test
    void everyCreatedKeyHasItsOwnIdAndSecret() {
        IssuedKey one = created("one", Scope.INVENTORY_READ);
        IssuedKey two = created("two", Scope.INVENTORY_READ);

        assertFalse(one.key().id().equals(two.key().id()));
        assertFalse(one.secret().equals(two.secret()));
    }

    @Test
    void aCallerCannotGrantAScopeItDoesNotHold() {
        ScopeNotHeldException refused = assertThrows(ScopeNotHeldException.class,
                () -> service.create(command("till-3", null, Scope.INVENTORY_WRITE), ADMIN));

        assertAll(
                () -> assertEquals(Scopes.of(Scope.KEYS_ADMIN), refused.held()),
                () -> assertEquals(Scopes.of(Scope.INVENTORY_WRITE), refused.asked()),
                () -> assertEquals("This API key holds keys:admin and cannot grant inventory:write: a key can only "
                        + "grant scopes it holds", refused.getMessage()),
                () -> assertEquals(List.of(), store.list(), "nothing is created"));
    }

    @Test
    void aCallerThatMayWriteMayGrantReadingAndTheOperatorMayGrantEverything() {
        IssuedKey reading = service.create(command("dashboard", null, Scope.INVENTORY_READ), WRITING_ADMIN);
        IssuedKey everything = service.create(new CreateKeyCommand(new KeyName("root"), Scopes.ALL, null),
                Caller.OPERATOR);

        assertEquals(List.of(reading.key(), everything.key()), store.list());
    }

    @Test
    void aNameHeldByAKeyThatIsNotRevokedIsRefusedAndFreeAgainOnceItIsRevoked() {
        IssuedKey first = created("till-3", Scope.INVENTORY_READ);

        InvalidKeyRequestException taken = assertThrows(InvalidKeyRequestException.class,
                () -> created("till-3", Scope.INVENTORY_WRITE));
        assertEquals("name 'till-3' is taken by " + first.key().id() + ": choose another name, or revoke that key "
                + "first", taken.getMessage());
        assertEquals(1, store.list().size());

        service.revoke(first.key().id().value(), ADMIN);
        IssuedKey second = created("till-3", Scope.INVENTORY_WRITE);

        assertEquals(List.of(first.key().id(), second.key().id()), store.list().stream().map(ApiKey::id).toList());
    }

    @Test
    void anExpiryThatIsNotInTheFutureIsRefused() {
        Instant past = Instant.parse("2026-10-01T00:00:00Z");
        InvalidKeyRequestException refused = assertThrows(InvalidKeyRequestException.class,
                () -> service.create(command("late", past, Scope.INVENTORY_READ), Caller.OPERATOR));
        assertThrows(InvalidKeyRequestException.class,
                () -> service.create(command("now", now(), Scope.INVENTORY_READ), Caller.OPERATOR));

        assertEquals("expiresAt must lie in the future, got 2026-10-01T00:00:00Z (now is " + now() + "); leave it "
                + "out for a key that does not expire", refused.getMessage());
        assertEquals(List.of(), store.list());
    }

    // ---- check

    @Test
    void aSecretWhoseFormOrChecksumIsWrongIsUnknownWithoutAskingTheStore() {
        String secret = created("till-3", Scope.INVENTORY_READ).secret();
        List<String> wrong = new ArrayList<>(Arrays.asList(null, "", "pst_", "Bearer " + secret, secret + "0",
                secret.substring(1), "PST_" + secret.substring(4), "ghp_" + secret.substring(4),
                secret.substring(0, 20) + "-" + secret.substring(21)));
        for (int i = KeySecret.PREFIX.length(); i < secret.length(); i++) {
            char changed = secret.charAt(i) == 'a' ? 'b' : 'a';
            wrong.add(secret.substring(0, i) + changed + secret.substring(i + 1));
        }

        for (String presented : wrong) {
            assertEquals(new Unknown(), service.check(presented), presented);
        }
        assertEquals(0, store.lookups(), "no look-up in the store");
    }

    @Test
    void aWellFormedUnknownSecretIsRememberedAsUnknownUntilTheNextRefresh() {
        String neverIssued = KeySecret.generate(random);

        assertEquals(new Unknown(), service.check(neverIssued));
        assertEquals(new Unknown(), service.check(neverIssued));
        assertEquals(1, store.lookups());

        service.refresh();
        assertEquals(new Unknown(), service.check(neverIssued));
        assertEquals(2, store.lookups(), "forgotten by the refresh: looked up again");
    }

    @Test
    void atMostMaxUnknownUnknownSecretsAreRemembered() {
        List<String> remembered = new ArrayList<>();
        for (int i = 0; i < ApiKeyService.MAX_UNKNOWN; i++) {
            remembered.add(KeySecret.generate(random));
        }
        List<String> beyond = List.of(KeySecret.generate(random), KeySecret.generate(random),
                KeySecret.generate(random));
        remembered.forEach(service::check);
        beyond.forEach(service::check);
        assertEquals(ApiKeyService.MAX_UNKNOWN + 3, store.lookups());

        remembered.forEach(service::check);
        assertEquals(ApiKeyService.MAX_UNKNOWN + 3, store.lookups(), "the first MAX_UNKNOWN are remembered");
        beyond.forEach(service::check);
        assertEquals(ApiKeyService.MAX_UNKNOWN + 6, store.lookups(), "the others are looked up every time");
    }

    @Test
    void aValidKeyIsAnsweredFromMemoryAfterItsFirstLookUp() {
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);
        ApiKeyService another = new ApiKeyService(store, clock, random);

        assertEquals(new Valid(issued.key()), another.check(issued.secret()), "at its first request on another");
        assertEquals(new Valid(issued.key()), another.check(issued.secret()));
        assertEquals(1, store.lookups());
    }

    @Test
    void aRevokedKeyIsRefusedWithTheTimeOfItsRevocation() {
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);
        service.check(issued.secret());
        clock.advance(Duration.ofMinutes(5));
        Instant revokedAt = now();

        service.revoke(issued.key().id().value(), ADMIN);
        clock.advance(Duration.ofMinutes(5));
        service.revoke(issued.key().id().value(), ADMIN);

        assertEquals(new Refused(new KeyRefusal(issued.key().id(), KeyRefusal.Reason.REVOKED, revokedAt)),
                service.check(issued.secret()), "at once on the instance that revoked it");
        assertEquals(revokedAt, service.find(issued.key().id().value()).revokedAt(), "the first revocation stays");
    }

    @Test
    void anExpiredKeyIsRefusedWithItsExpiry() {
        Instant expiresAt = now().plus(Duration.ofHours(1));
        IssuedKey issued = service.create(command("temp", expiresAt, Scope.INVENTORY_READ), Caller.OPERATOR);

        clock.advance(Duration.ofHours(1).minusNanos(1_000));
        assertEquals(new Valid(issued.key()), service.check(issued.secret()));
        clock.advance(Duration.ofNanos(1_000));
        assertEquals(new Refused(new KeyRefusal(issued.key().id(), KeyRefusal.Reason.EXPIRED, expiresAt)),
                service.check(issued.secret()));
    }

    @Test
    void aRotatedKeysOldSecretWorksUntilTheOverlapEndsAndIsThenRefusedAsExpired() {
        IssuedKey first = created("till-3", Scope.INVENTORY_READ);
        service.check(first.secret());
        Instant overlapEnd = now().plus(Duration.ofHours(24));

        IssuedKey second = service.rotate(first.key().id().value(), KeyOverlap.parse("PT24H"), WRITING_ADMIN);

        assertAll(
                () -> assertEquals(first.key(), second.key(), "same id, name and scopes"),
                () -> assertFalse(second.secret().equals(first.secret())),
                () -> assertTrue(KeySecret.isWellFormed(second.secret())),
                () -> assertEquals(new Valid(first.key()), service.check(first.secret())),
                () -> assertEquals(new Valid(first.key()), service.check(second.secret())));
        clock.advance(Duration.ofHours(24).minusSeconds(1));
        assertEquals(new Valid(first.key()), service.check(first.secret()), "within the overlap");
        clock.advance(Duration.ofSeconds(1));
        assertAll(
                () -> assertEquals(new Refused(new KeyRefusal(first.key().id(), KeyRefusal.Reason.EXPIRED, overlapEnd)),
                        service.check(first.secret())),
                () -> assertEquals(new Valid(first.key()), service.check(second.secret())));
    }

    @Test
    void aRotationWithoutOverlapRefusesTheOldSecretAtOnce() {
        IssuedKey first = created("till-3", Scope.INVENTORY_READ);
        service.check(first.secret());

        IssuedKey second = service.rotate(first.key().id().value(), KeyOverlap.NONE, WRITING_ADMIN);

        assertInstanceOf(Refused.class, service.check(first.secret()));
        assertEquals(new Valid(first.key()), service.check(second.secret()));
    }

    @Test
    void aRevokedOrExpiredKeyIsNotRotatedAndNeitherIsOneWithScopesTheCallerLacks() {
        IssuedKey revoked = created("revoked", Scope.INVENTORY_READ);
        service.revoke(revoked.key().id().value(), ADMIN);
        IssuedKey expiring = service.create(command("expiring", now().plusSeconds(60), Scope.INVENTORY_READ),
                Caller.OPERATOR);
        IssuedKey writing = created("writing", Scope.INVENTORY_WRITE);
        clock.advance(Duration.ofSeconds(60));

        assertAll(
                () -> assertThrows(InvalidKeyRequestException.class,
                        () -> service.rotate(revoked.key().id().value(), KeyOverlap.NONE, ADMIN)),
                () -> assertThrows(InvalidKeyRequestException.class,
                        () -> service.rotate(expiring.key().id().value(), KeyOverlap.NONE, ADMIN)),
                () -> assertThrows(ScopeNotHeldException.class,
                        () -> service.rotate(writing.key().id().value(), KeyOverlap.NONE, ADMIN)),
                () -> assertEquals(new Valid(writing.key()), service.check(writing.secret()), "left as it was"));
    }

    @Test
    void anIdThatNamesNoKeyIsNotFound() {
        assertAll(
                () -> assertThrows(ApiKeyNotFoundException.class, () -> service.find("key-000000000404")),
                () -> assertThrows(ApiKeyNotFoundException.class, () -> service.find("not a key id")),
                () -> assertThrows(ApiKeyNotFoundException.class, () -> service.revoke("key-000000000404", ADMIN)),
                () -> assertThrows(ApiKeyNotFoundException.class,
                        () -> service.rotate("key-000000000404", KeyOverlap.NONE, ADMIN)));
    }

    @Test
    void aRevocationOrRotationThroughAnotherInstanceIsSeenHereAfterTheRefresh() {
        ApiKeyService other = new ApiKeyService(store, clock, random);
        IssuedKey revoked = created("revoked", Scope.INVENTORY_READ);
        IssuedKey rotated = created("rotated", Scope.INVENTORY_READ);
        assertEquals(new Valid(revoked.key()), service.check(revoked.secret()));
        assertEquals(new Valid(rotated.key()), service.check(rotated.secret()));
        Instant at = now();

        other.revoke(revoked.key().id().value(), ADMIN);
        other.rotate(rotated.key().id().value(), KeyOverlap.NONE, WRITING_ADMIN);
        assertEquals(new Valid(revoked.key()), service.check(revoked.secret()), "answered from memory until then");
        assertEquals(new Valid(rotated.key()), service.check(rotated.secret()), "answered from memory until then");
        int readsBefore = store.secretReads();

        service.refresh();
        assertAll(
                () -> assertEquals(new Refused(new KeyRefusal(revoked.key().id(), KeyRefusal.Reason.REVOKED, at)),
                        service.check(revoked.secret())),
                () -> assertEquals(new Refused(new KeyRefusal(rotated.key().id(), KeyRefusal.Reason.EXPIRED, at)),
                        service.check(rotated.secret())),
                () -> assertEquals(readsBefore + 1, store.secretReads(), "one read for every key known"));
    }

    @Test
    void aRefreshWithoutKnownKeysReadsNothing() {
        service.refresh();
        assertEquals(0, store.secretReads());
    }

    // ---- quota

    @Test
    void aKeysQuotaIsSetAndClearedAndTheKeyCheckedCarriesIt() {
        Quota own = new Quota(50, 100, 3);
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);
        assertEquals(null, service.check(issued.secret()) instanceof Valid valid ? valid.key().quota() : "not valid");

        ApiKey changed = service.changeQuota(issued.key().id().value(), own, ADMIN);

        assertAll(
                () -> assertEquals(issued.key().withQuota(own), changed),
                () -> assertEquals(own, service.find(issued.key().id().value()).quota(), "stored"),
                () -> assertEquals(new Valid(issued.key().withQuota(own)), service.check(issued.secret()),
                        "at once on this instance"));

        ApiKey cleared = service.changeQuota(issued.key().id().value(), null, ADMIN);
        assertAll(
                () -> assertEquals(issued.key(), cleared, "the default again"),
                () -> assertEquals(null, service.find(issued.key().id().value()).quota()),
                () -> assertEquals(new Valid(issued.key()), service.check(issued.secret())));
    }

    @Test
    void aQuotaGivenAtCreationIsKept() {
        Quota own = Quota.of(5);
        IssuedKey issued = service.create(new CreateKeyCommand(new KeyName("slow"), Scopes.of(Scope.INVENTORY_READ),
                null, own), Caller.OPERATOR);

        assertEquals(own, issued.key().quota());
        assertEquals(new Valid(issued.key()), service.check(issued.secret()));
        assertEquals(own, service.find(issued.key().id().value()).quota());
    }

    @Test
    void theQuotaOfAnUnknownKeyIsNotFoundAndChangesNothing() {
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);

        assertThrows(ApiKeyNotFoundException.class, () -> service.changeQuota("key-000000000404", Quota.of(5), ADMIN));
        assertThrows(ApiKeyNotFoundException.class, () -> service.changeQuota("not a key id", Quota.of(5), ADMIN));
        assertEquals(List.of(issued.key()), store.list());
    }

    @Test
    void aQuotaChangedThroughAnotherInstanceIsSeenHereAfterTheRefresh() {
        ApiKeyService other = new ApiKeyService(store, clock, random);
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);
        assertEquals(new Valid(issued.key()), service.check(issued.secret()));

        other.changeQuota(issued.key().id().value(), Quota.of(5), ADMIN);
        assertEquals(new Valid(issued.key()), service.check(issued.secret()), "answered from memory until then");
        service.refresh();

        assertEquals(new Valid(issued.key().withQuota(Quota.of(5))), service.check(issued.secret()));
    }

    // ---- uses

    /** Uses 0.4 s apart from 0 s on: one through 2.0 s, two through 1.6 s. */
    @Test
    void usesAreWrittenOncePerKeyAndFlushAsTheLatestUseToTheSecond() {
        IssuedKey one = created("one", Scope.INVENTORY_READ);
        IssuedKey two = created("two", Scope.INVENTORY_READ);
        Instant start = now();
        for (int i = 0; i < 5; i++) {
            service.check(one.secret());
            service.check(two.secret());
            clock.advance(Duration.ofMillis(400));
        }
        service.check(one.secret());

        service.flushUses();

        assertAll(
                () -> assertEquals(1, store.useWrites(), "one write for both keys"),
                () -> assertLastUse(start.plusMillis(2000), service.find(one.key().id().value()).lastUsedAt()),
                () -> assertLastUse(start.plusMillis(1600), service.find(two.key().id().value()).lastUsedAt()));
        service.flushUses();
        assertEquals(1, store.useWrites(), "no use since: nothing written");
    }

    /** The use written is the latest one, or one less than a second before it. */
    private static void assertLastUse(Instant latest, Instant written) {
        assertTrue(!written.isAfter(latest) && written.isAfter(latest.minusSeconds(1)),
                written + " is not within the second before " + latest);
    }

    @Test
    void aRefusedOrUnknownSecretIsNoUse() {
        IssuedKey revoked = created("revoked", Scope.INVENTORY_READ);
        service.revoke(revoked.key().id().value(), ADMIN);
        service.check(revoked.secret());
        service.check(KeySecret.generate(random));

        service.flushUses();

        assertEquals(0, store.useWrites());
        assertEquals(null, service.find(revoked.key().id().value()).lastUsedAt());
    }

    @Test
    void usesThatCouldNotBeWrittenAreWrittenAtTheNextFlush() {
        IssuedKey issued = created("till-3", Scope.INVENTORY_READ);
        service.check(issued.secret());
        Instant used = now();
        store.unavailable(true);

        assertThrows(StorageUnavailableException.class, service::flushUses);
        store.unavailable(false);
        service.flushUses();

        assertEquals(used, service.find(issued.key().id().value()).lastUsedAt());
    }

    @Test
    void aStoreThatCannotBeReachedFailsTheCheckOfASecretNotYetKnown() {
        IssuedKey known = created("known", Scope.INVENTORY_READ);
        IssuedKey notYetSeen = created("not yet seen", Scope.INVENTORY_READ);
        service.check(known.secret());
        store.unavailable(true);

        assertEquals(new Valid(known.key()), service.check(known.secret()), "from memory");
        assertThrows(StorageUnavailableException.class, () -> service.check(notYetSeen.secret()));
    }
}
