package org.petstore.inventory.adapter.persistence.webhook;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.LeasedState;
import org.petstore.inventory.application.port.outbound.LoggedAttempt;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreLoads;
import org.petstore.inventory.application.port.outbound.WebhookDeliveries;
import org.petstore.inventory.application.port.outbound.WebhookLeases;
import org.petstore.inventory.application.port.outbound.WebhookStore;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * What the webhooks' store must do ({@link WebhookStore}, {@link WebhookLeases}, {@link WebhookDeliveries}), on a real
 * database through the JDBC adapter, with the schema built by the Flyway migrations; each backend's subclass says
 * which database. Time on the database's clock is moved by writing the lease's end back (as if the lease's 15 s had
 * passed), never by waiting.
 */
abstract class WebhookStoreContract {

    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final String A = "inst-00000000000a";
    private static final String B = "inst-00000000000b";
    private static final long CURSOR = 100;

    @Inject
    WebhookStore store;

    @Inject
    WebhookLeases leases;

    @Inject
    WebhookDeliveries deliveries;

    @Inject
    StoreLoads loads;

    @Inject
    DataSource dataSource;

    private int messages;

    /** The datasource properties of the database under test (none: the environment's own). */
    abstract Map<String, String> databaseProperties();

    @BeforeEach
    void noWebhooks() throws SQLException {
        execute("DELETE FROM webhook_subscription");
    }

    // ---- the administrator's side ----

    @Test
    void webhooksAreListedOldestFirstAndFoundAsStoredWithTheirSecrets() {
        Webhook second = webhook(2, T0.plusSeconds(5));
        Webhook first = webhook(3, T0);
        Webhook sameTimeLaterId = webhook(4, T0);
        Webhook disabled = new Webhook(id(5), WebhookUrl.parse("http://10.0.0.5:8080/in?x=1&y=%20"),
                Set.of(EventType.INVENTORY_COUNT_UPDATED), null, false, "receiver answered 410 Gone",
                T0.plusSeconds(9), 0, T0.plusSeconds(10), "410");
        SigningSecrets rotated = new SigningSecrets(secret(7), new WebhookSecret(new byte[64]), T0.plusSeconds(60));
        store.add(second, secrets(2));
        store.add(sameTimeLaterId, secrets(4));
        store.add(first, secrets(3));
        store.add(disabled, rotated);

        assertAll(
                () -> assertEquals(List.of(first, sameTimeLaterId, second, disabled), store.list()),
                () -> assertEquals(Optional.of(second), store.find(id(2))),
                () -> assertEquals(Optional.of(disabled), store.find(id(5))),
                () -> assertEquals(Optional.empty(), store.find(id(9))),
                () -> assertEquals(Optional.of(secrets(2)), store.secretsOf(id(2))),
                () -> assertEquals(Optional.of(rotated), store.secretsOf(id(5))),
                () -> assertEquals(Optional.empty(), store.secretsOf(id(9))));
    }

    @Test
    void secretsAreKeptAsTheirWhsecTextAndInstantsToTheMicrosecond() throws SQLException {
        Instant precise = Instant.parse("2026-11-01T10:00:00.123456789Z");
        store.add(Webhook.create(id(1), url(1), Set.of(EventType.INVENTORY_COUNT_UPDATED), "", precise, 7),
                SigningSecrets.of(secret(1)));

        Webhook stored = store.find(id(1)).orElseThrow();
        assertAll(
                () -> assertEquals(Instant.parse("2026-11-01T10:00:00.123456Z"), stored.createdAt()),
                () -> assertNull(stored.description(), "a blank description is none"),
                () -> assertEquals(7, stored.cursor()),
                () -> assertEquals(List.of(secret(1).text()), strings("SELECT secret FROM webhook_subscription")),
                () -> assertTrue(secret(1).text().startsWith("whsec_")));
    }

    @Test
    void anIdAlreadyStoredIsRefusedAndNothingIsStored() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        List<String> before = everythingStored();

        assertThrows(IllegalStateException.class, () -> store.add(webhook(1, T0.plusSeconds(1)), secrets(2)));
        assertEquals(before, everythingStored());
    }

    @Test
    void anUpdateStoresWhatTheAdministratorChangesAndKeepsWhatTheDelivererMoves() {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 120);
        assertTrue(deliveries.recordFailure(lease, pending, failed(1, 503, T0.plusSeconds(1)), T0.plusSeconds(6),
                null));
        assertTrue(deliveries.recordSuccess(lease, attempted(pending, 2), answered(2, 204, T0.plusSeconds(6)),
                List.of(), null));
        Webhook delivered = store.find(id(1)).orElseThrow();

        Webhook changed = new Webhook(id(1), delivered.url(), delivered.events(), "the web shop", true, null,
                T0.plusSeconds(999), 5, T0.plusSeconds(999), "timeout");
        Webhook stored = store.update(changed, false);

        Webhook expected = delivered.withDescription("the web shop");
        assertAll(
                () -> assertEquals(120, delivered.cursor(), "the success moved the cursor"),
                () -> assertEquals(expected, stored, "cursor, last failure and creation kept"),
                () -> assertEquals(Optional.of(expected), store.find(id(1))),
                () -> assertTrue(deliveries.state(lease).isPresent(), "a description does not take the webhook"),
                () -> assertEquals(Set.of(id(1)), leases.renew(A, List.of(lease))));
    }

    @Test
    void whatNoWebhookHasIsNotFoundAndChangesNothing() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        List<String> before = everythingStored();

        assertAll(
                () -> assertThrows(WebhookNotFoundException.class, () -> store.update(webhook(2, T0), true)),
                () -> assertThrows(WebhookNotFoundException.class, () -> store.update(webhook(2, T0), false)),
                () -> assertThrows(WebhookNotFoundException.class, () -> store.delete(id(2))),
                () -> assertThrows(WebhookNotFoundException.class,
                        () -> store.rotate(id(2), secret(9), T0.plusSeconds(60))),
                () -> assertThrows(WebhookNotFoundException.class, () -> store.replay(id(2), 0)),
                () -> assertEquals(List.of(), store.attempts(id(2), Long.MAX_VALUE, 10)));
        assertEquals(before, everythingStored());
    }

    @Test
    void aRotationKeepsThePreviousSecretUntilItsEndAndDropsAnEarlierOne() {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);

        store.rotate(id(1), secret(2), T0.plusSeconds(86_400));
        SigningSecrets once = store.secretsOf(id(1)).orElseThrow();
        store.rotate(id(1), secret(3), T0.plusSeconds(90_000));

        assertAll(
                () -> assertEquals(new SigningSecrets(secret(2), secret(1), T0.plusSeconds(86_400)), once),
                () -> assertEquals(new SigningSecrets(secret(3), secret(2), T0.plusSeconds(90_000)),
                        store.secretsOf(id(1)).orElseThrow()),
                () -> assertEquals(store.secretsOf(id(1)).orElseThrow(),
                        deliveries.state(lease).orElseThrow().secrets(),
                        "the fence did not move: the deliverer reads the new secrets"));
    }

    @Test
    void aRemovalTakesTheDeliveriesAndTheLogAlong() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        Lease lease = claim(A, 2).getFirst();
        PendingDelivery pending = form(lease, CURSOR, 110);
        deliveries.recordFailure(lease, pending, failed(1, 500, T0), T0.plusSeconds(5), null);
        deliveries.recordTest(id(1), test(T0), answered(1, 200, T0));

        store.delete(id(1));

        assertAll(
                () -> assertEquals(List.of(id(2)), store.list().stream().map(Webhook::id).toList()),
                () -> assertEquals(List.of(), store.attempts(id(1), Long.MAX_VALUE, 10)),
                () -> assertEquals(List.of("0"), strings("SELECT COUNT(*) FROM webhook_delivery")),
                () -> assertEquals(List.of("0"), strings("SELECT COUNT(*) FROM webhook_attempt")),
                () -> assertThrows(WebhookNotFoundException.class, () -> store.delete(id(1))));
    }

    // ---- the fence ----

    @Test
    void afterAnotherOwnersClaimEveryWriteOfTheOldLeaseIsRefused() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 130);
        expireLeases();

        Lease taken = claimOne(B);

        assertTrue(taken.fence() > old.fence(), "a claim moves the fence");
        assertFencedOut(old, pending);
        assertTrue(deliveries.recordSuccess(taken, pending, answered(1, 204, T0), List.of(), null),
                "the new holder delivers it");
        assertEquals(130, store.find(id(1)).orElseThrow().cursor());
    }

    @Test
    void aRedirectingUpdateFencesTheDelivererAndFreesTheLease() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 130);
        Webhook before = store.find(id(1)).orElseThrow();

        Webhook moved = store.update(before.withUrl(url(99)), true);

        assertEquals(url(99), moved.url());
        assertFencedOut(old, pending);
        Lease next = claimOne(B);
        assertTrue(next.fence() > old.fence() + 1, "the update and the claim both moved it: " + next);
        LeasedState state = deliveries.state(next).orElseThrow();
        assertAll(
                () -> assertEquals(url(99), state.webhook().url()),
                () -> assertEquals(stored(pending), state.pending(),
                        "the pending delivery stays, to be sent to the new URL"));
    }

    @Test
    void disablingAndEnablingFenceTheDeliverer() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 130);

        store.update(store.find(id(1)).orElseThrow().disable(null), true);
        assertFencedOut(old, pending);
        assertEquals(List.of(), claim(B, 10), "a disabled webhook is not claimed");

        Lease whileDisabled = new Lease(id(1), fenceOf(id(1)));
        store.update(store.find(id(1)).orElseThrow().enable(), true);
        assertFencedOut(whileDisabled, pending);
        assertEquals(1, claim(B, 10).size());
    }

    @Test
    void aReplayMovesTheCursorBackSupersedesThePendingDeliveryAndFencesTheDeliverer() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 130);
        deliveries.recordFailure(old, pending, failed(1, 503, T0.plusSeconds(1)), T0.plusSeconds(6), null);

        store.replay(id(1), 40);

        assertFencedOut(old, pending);
        Lease next = claimOne(B);
        LeasedState state = deliveries.state(next).orElseThrow();
        assertAll(
                () -> assertEquals(40, state.webhook().cursor()),
                () -> assertNull(state.pending(), "the next delivery is formed from the changes after 40"),
                () -> assertEquals("503", state.webhook().lastFailure(), "the last failure is left"),
                () -> assertFalse(deliveries.recordSuccess(next, pending, answered(2, 204, T0), List.of(), null),
                        "the superseded delivery is never acknowledged"),
                () -> assertEquals(List.of("superseded"),
                        strings("SELECT state FROM webhook_delivery WHERE id = '" + pending.delivery().id() + "'")),
                () -> assertTrue(deliveries.form(next, 40, delivery(40, 41, 60))));
    }

    @Test
    void aRemovalFencesTheDeliverer() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 130);

        store.delete(id(1));

        assertFencedOut(old, pending);
        assertEquals(List.of(), claim(B, 10));
    }

    // ---- the deliverer's writes ----

    @Test
    void aFormedDeliveryIsPendingWithoutItsBodyUntilAFailureKeepsItByteForByte() {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        byte[] body = new byte[70_000];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        FormedDelivery delivery = new FormedDelivery("msg_p5jXN8AQM9LWM0D4loKWxJek", "inventory.count.updated",
                CURSOR, CURSOR + 1, CURSOR + 100, body, T0.plusNanos(1_500));

        assertNull(deliveries.state(lease).orElseThrow().pending());
        assertTrue(deliveries.form(lease, CURSOR, delivery));

        LeasedState formed = deliveries.state(lease).orElseThrow();
        FormedDelivery truncated = new FormedDelivery(delivery.id(), delivery.eventType(), CURSOR, CURSOR + 1,
                CURSOR + 100, body, T0.plusNanos(1_000));
        assertAll(
                () -> assertEquals(new PendingDelivery(truncated.withoutBody(), 0, truncated.formedAt()),
                        formed.pending()),
                () -> assertEquals(store.find(id(1)).orElseThrow(), formed.webhook()),
                () -> assertEquals(secrets(1), formed.secrets()));

        assertThrows(IllegalArgumentException.class, () -> deliveries.recordFailure(lease, formed.pending(),
                failed(1, 503, T0), T0.plusSeconds(5), null), "a failure keeps the body sent");
        assertTrue(deliveries.recordFailure(lease, new PendingDelivery(delivery, 0, truncated.formedAt()),
                failed(1, 503, T0), T0.plusSeconds(5), null));

        PendingDelivery failing = deliveries.state(lease).orElseThrow().pending();
        assertAll(
                () -> assertEquals(new PendingDelivery(truncated, 1, T0.plusSeconds(5)), failing),
                () -> assertArrayEquals(body, failing.delivery().body()));
    }

    @Test
    void aSuccessFormsTheNextDeliveryInTheSameStep() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 200);
        FormedDelivery next = delivery(200, 201, 300);
        AttemptRecord attempt = answered(1, 204, T0.plusSeconds(1));
        List<String> before = everythingStored();

        assertThrows(IllegalArgumentException.class, () -> deliveries.recordSuccess(lease, pending, attempt,
                List.of(), delivery(199, 201, 300)), "the next one follows on from this one");
        assertFalse(deliveries.recordSuccess(lease, new PendingDelivery(delivery(CURSOR, CURSOR + 1, 200), 0, T0),
                attempt, List.of(), next), "not the pending one");
        assertEquals(before, everythingStored());
        assertTrue(deliveries.recordSuccess(lease, pending, attempt, List.of(), next));

        LeasedState after = deliveries.state(lease).orElseThrow();
        assertAll(
                () -> assertEquals(200, after.webhook().cursor()),
                () -> assertEquals(new PendingDelivery(next.withoutBody(), 0, next.formedAt()), after.pending()),
                () -> assertEquals(List.of(attempt), store.attempts(id(1), Long.MAX_VALUE, 10).stream()
                        .map(LoggedAttempt::record).toList()),
                () -> assertEquals(List.of("delivered", "pending"),
                        strings("SELECT state FROM webhook_delivery ORDER BY last_change_id")),
                () -> assertFalse(deliveries.form(lease, 200, delivery(200, 201, 250)), "the next one is pending"),
                () -> assertTrue(deliveries.recordSuccess(lease, after.pending(), answered(1, 204, T0), List.of(),
                        null)),
                () -> assertEquals(300, store.find(id(1)).orElseThrow().cursor()));
    }

    /**
     * A run: the pending delivery, then two acknowledged after it in memory, recorded in one write with the next one
     * formed. The cursor moves to the run's end, each delivery is kept as delivered and its attempt logged in the run's
     * order, newest first; a run with a gap, or a write whose fence moved, changes nothing.
     */
    @Test
    void aRunOfSuccessesIsRecordedInOneWrite() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 200);
        AcknowledgedDelivery second = new AcknowledgedDelivery(delivery(200, 201, 300),
                answered(1, 204, T0.plusSeconds(2)));
        AcknowledgedDelivery third = new AcknowledgedDelivery(delivery(300, 301, 400),
                answered(1, 200, T0.plusSeconds(3)));
        FormedDelivery next = delivery(400, 401, 500);
        AttemptRecord attempt = answered(1, 204, T0.plusSeconds(1));
        List<String> before = everythingStored();

        assertThrows(IllegalArgumentException.class, () -> deliveries.recordSuccess(lease, pending, attempt,
                List.of(third), next), "a gap after the pending one");
        assertThrows(IllegalArgumentException.class, () -> deliveries.recordSuccess(lease, pending, attempt,
                List.of(second), next), "a gap before the next one");
        assertFalse(deliveries.recordSuccess(new Lease(id(1), lease.fence() + 1), pending, attempt,
                List.of(second, third), next), "another fence");
        assertEquals(before, everythingStored());
        assertTrue(deliveries.recordSuccess(lease, pending, attempt, List.of(second, third), next));

        LeasedState after = deliveries.state(lease).orElseThrow();
        List<LoggedAttempt> logged = store.attempts(id(1), Long.MAX_VALUE, 10);
        assertAll(
                () -> assertEquals(400, after.webhook().cursor()),
                () -> assertEquals(new PendingDelivery(next.withoutBody(), 0, next.formedAt()), after.pending()),
                () -> assertEquals(List.of(third.attempt(), second.attempt(), attempt),
                        logged.stream().map(LoggedAttempt::record).toList(), "newest first"),
                () -> assertEquals(List.of(third.delivery().id(), second.delivery().id(), pending.delivery().id()),
                        logged.stream().map(LoggedAttempt::deliveryId).toList()),
                () -> assertEquals(List.of(301L, 201L, CURSOR + 1),
                        logged.stream().map(LoggedAttempt::firstChangeId).toList()),
                () -> assertEquals(List.of(400L, 300L, 200L),
                        logged.stream().map(LoggedAttempt::lastChangeId).toList()),
                () -> assertEquals(List.of("delivered", "delivered", "delivered", "pending"),
                        strings("SELECT state FROM webhook_delivery ORDER BY last_change_id")),
                () -> assertEquals(List.of("0", "0", "0", "0"),
                        strings("SELECT OCTET_LENGTH(body) FROM webhook_delivery ORDER BY last_change_id"),
                        "no body is kept"),
                () -> assertFalse(deliveries.recordSuccess(lease, pending, attempt, List.of(second, third), next),
                        "recorded once"));
    }

    @Test
    void aDeliveryIsFormedOnlyWhenNoneIsPendingAndTheCursorIsTheExpectedOne() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);

        assertFalse(deliveries.form(lease, CURSOR - 1, delivery(CURSOR - 1, CURSOR, 110)), "another cursor");
        PendingDelivery pending = form(lease, CURSOR, 110);
        List<String> withOne = everythingStored();

        assertFalse(deliveries.form(lease, CURSOR, delivery(CURSOR, CURSOR + 1, 120)), "one is pending");
        assertEquals(withOne, everythingStored());
        assertEquals(stored(pending), deliveries.state(lease).orElseThrow().pending());
        assertThrows(IllegalArgumentException.class, () -> deliveries.form(lease, 5, delivery(CURSOR, 101, 110)));
        assertThrows(IllegalArgumentException.class, () -> deliveries.form(lease, 0, test(T0)));
    }

    @Test
    void aSuccessMovesTheCursorClearsTheFailureAndLogsTheAttemptInOneStep() {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 150);
        AttemptRecord first = failed(1, 503, T0.plusSeconds(1));
        AttemptRecord second = answered(2, 204, T0.plusSeconds(6));

        assertTrue(deliveries.recordFailure(lease, pending, first, T0.plusSeconds(6), null));
        LeasedState failing = deliveries.state(lease).orElseThrow();
        assertTrue(deliveries.recordSuccess(lease, failing.pending(), second, List.of(), null));

        LeasedState after = deliveries.state(lease).orElseThrow();
        assertAll(
                () -> assertEquals(new PendingDelivery(pending.delivery(), 1, T0.plusSeconds(6)), failing.pending()),
                () -> assertEquals(T0.plusSeconds(1), failing.webhook().lastFailureAt()),
                () -> assertEquals("503", failing.webhook().lastFailure()),
                () -> assertEquals(150, after.webhook().cursor()),
                () -> assertNull(after.pending()),
                () -> assertNull(after.webhook().lastFailureAt()),
                () -> assertNull(after.webhook().lastFailure()),
                () -> assertEquals(List.of(second, withoutRetryAfter(first)),
                        store.attempts(id(1), Long.MAX_VALUE, 10).stream().map(LoggedAttempt::record).toList()),
                () -> assertEquals(List.of("delivered"), strings("SELECT state FROM webhook_delivery")),
                () -> assertFalse(deliveries.recordSuccess(lease, failing.pending(), answered(3, 204, T0), List.of(),
                        null),
                        "acknowledged once"),
                () -> assertTrue(deliveries.form(lease, 150, delivery(150, 151, 160)), "the next one follows"));
    }

    @Test
    void aSuccessIsRefusedForADeliveryThatIsNotThePendingOne() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 150);
        List<String> before = everythingStored();
        PendingDelivery other = new PendingDelivery(delivery(CURSOR, CURSOR + 1, 150), 0, T0);
        PendingDelivery elsewhere = new PendingDelivery(new FormedDelivery(pending.delivery().id(),
                "inventory.count.updated", CURSOR + 1, CURSOR + 2, 150, new byte[1], T0), 0, T0);

        assertAll(
                () -> assertFalse(deliveries.recordSuccess(lease, other, answered(1, 200, T0), List.of(), null)),
                () -> assertFalse(deliveries.recordSuccess(lease, elsewhere, answered(1, 200, T0), List.of(), null),
                        "another cursor"),
                () -> assertFalse(deliveries.recordFailure(lease, other, failed(1, 500, T0), T0, null)));
        assertEquals(before, everythingStored());
    }

    @Test
    void aFailureThatDisablesKeepsTheDeliveryTheCursorAndTheFenceAndEnablingAgainStartsItsAttemptsOver()
            throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 150);
        deliveries.recordFailure(lease, pending, failed(1, 503, T0.plusSeconds(1)), T0.plusSeconds(6), null);
        AttemptRecord gone = failed(2, 410, T0.plusSeconds(6));

        assertTrue(deliveries.recordFailure(lease, attempted(pending, 1), gone, null, "receiver answered 410 Gone"));

        Webhook disabled = store.find(id(1)).orElseThrow();
        assertAll(
                () -> assertFalse(disabled.enabled()),
                () -> assertEquals("receiver answered 410 Gone", disabled.disabledReason()),
                () -> assertEquals("410", disabled.lastFailure()),
                () -> assertEquals(CURSOR, disabled.cursor()),
                () -> assertEquals(Optional.empty(), deliveries.state(lease), "the deliverer stops"),
                () -> assertEquals(Set.of(id(1)), leases.renew(A, List.of(lease)), "the fence did not move"),
                () -> assertEquals(List.of(), claim(B, 10)));

        Webhook enabled = store.update(disabled.enable(), true);
        expireLeases();
        Lease again = claimOne(B);
        LeasedState resumed = deliveries.state(again).orElseThrow();
        assertAll(
                () -> assertTrue(enabled.enabled()),
                () -> assertNull(enabled.disabledReason()),
                () -> assertEquals(new PendingDelivery(pending.delivery(), 0, pending.delivery().formedAt()),
                        resumed.pending(), "attempts start over, due at once"),
                () -> assertEquals(CURSOR, resumed.webhook().cursor()));
    }

    @Test
    void aFailureIsRetriedOrDisablesNeverBothOrNeither() {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 150);

        assertAll(
                () -> assertThrows(IllegalArgumentException.class,
                        () -> deliveries.recordFailure(lease, pending, failed(1, 500, T0), T0, "both")),
                () -> assertThrows(IllegalArgumentException.class,
                        () -> deliveries.recordFailure(lease, pending, failed(1, 500, T0), null, null)));
    }

    // ---- leases ----

    @Test
    void twoOwnersClaimingAtOnceNeverGetTheSameWebhook() throws Exception {
        int count = 40;
        for (int n = 1; n <= count; n++) {
            store.add(webhook(n, T0), secrets(n));
        }
        List<String> owners = List.of(A, B, "inst-00000000000c", "inst-00000000000d");
        ExecutorService threads = Executors.newFixedThreadPool(owners.size());
        try {
            for (int round = 1; round <= 3; round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<List<Lease>>> claims = new ArrayList<>();
                for (String owner : owners) {
                    claims.add(threads.submit(() -> {
                        start.await();
                        List<Lease> got = new ArrayList<>();
                        for (List<Lease> more = leases.claim(owner, 3); !more.isEmpty();
                             more = leases.claim(owner, 3)) {
                            got.addAll(more);
                        }
                        return got;
                    }));
                }
                start.countDown();
                Map<WebhookId, String> holders = new TreeMap<>((one, other) -> one.value().compareTo(other.value()));
                Map<String, List<Lease>> held = new HashMap<>();
                for (int i = 0; i < owners.size(); i++) {
                    List<Lease> got = claims.get(i).get(30, TimeUnit.SECONDS);
                    held.put(owners.get(i), got);
                    for (Lease lease : got) {
                        String before = holders.put(lease.id(), owners.get(i));
                        assertNull(before, "round " + round + ": " + lease.id() + " went to " + before + " and "
                                + owners.get(i));
                        assertEquals(lease.fence(), fenceOf(lease.id()));
                    }
                }
                assertEquals(count, holders.size(), "round " + round + ": every webhook was claimed");
                assertEquals(holders.entrySet().stream().collect(Collectors.toMap(e -> e.getKey().value(),
                        Map.Entry::getValue)), leaseOwners(), "round " + round);
                held.forEach(leases::release);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aClaimTakesFreeAndExpiredEnabledWebhooksUpToItsMaximumOnTheDatabasesClock() throws SQLException {
        for (int n = 1; n <= 5; n++) {
            store.add(webhook(n, T0), secrets(n));
        }
        store.update(store.find(id(5)).orElseThrow().disable(null), true);

        Instant before = databaseNow();
        List<Lease> first = claim(A, 2);
        Instant after = databaseNow();
        List<Lease> rest = claim(B, 10);
        Instant firstUntil = instants("SELECT lease_until FROM webhook_subscription WHERE id = '"
                + first.getFirst().id().value() + "'").getFirst();

        assertAll(
                () -> assertEquals(2, first.size()),
                () -> assertEquals(2, rest.size(), "the other free ones, not the disabled one"),
                () -> assertEquals(List.of(), claim(B, 10), "none is free"),
                () -> assertEquals(List.of(), leases.claim(A, 0)),
                () -> assertTrue(first.stream().allMatch(lease -> lease.fence() == 1), "the first claim: " + first),
                () -> assertEquals(Set.of(id(1), id(2), id(3), id(4)),
                        Stream.concat(first.stream(), rest.stream()).map(Lease::id)
                                .collect(Collectors.toSet())),
                () -> assertFalse(firstUntil.isBefore(before.plus(WebhookLeases.DURATION)),
                        "15 s from the claim on the database's clock: " + before + " " + firstUntil),
                () -> assertFalse(firstUntil.isAfter(after.plus(WebhookLeases.DURATION)),
                        "15 s from the claim on the database's clock: " + after + " " + firstUntil));
    }

    @Test
    void anExpiredLeaseIsClaimedAgainWithAHigherFenceAndTheOldOwnerCanNoLongerWrite() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease old = claimOne(A);
        PendingDelivery pending = form(old, CURSOR, 110);

        assertEquals(List.of(), claim(B, 10), "held");
        expireLeases();
        Lease taken = claimOne(B);

        assertTrue(taken.fence() > old.fence());
        assertFencedOut(old, pending);
        leases.release(A, List.of(old));
        assertEquals(Set.of(id(1)), leases.renew(B, List.of(taken)), "the old owner's release frees nothing");
    }

    @Test
    void aRenewalAnswersTheLeasesStillHeldEvenExpiredWhileNoOneClaimedThem() throws SQLException {
        for (int n = 1; n <= 4; n++) {
            store.add(webhook(n, T0), secrets(n));
        }
        List<Lease> held = claim(A, 4);
        Lease stolen = held.get(2);
        expireLeases(stolen.id());
        Lease thief = claimOne(B);
        Lease expired = held.get(3);
        expireLeases(expired.id());
        Lease redirected = held.get(1);
        store.update(store.find(redirected.id()).orElseThrow().withUrl(url(50)), true);

        Set<WebhookId> renewed = leases.renew(A, held);

        assertAll(
                () -> assertEquals(stolen.id(), thief.id()),
                () -> assertEquals(Set.of(held.get(0).id(), expired.id()), renewed),
                () -> assertEquals(List.of(redirected.id()), claim(B, 10).stream().map(Lease::id).toList(),
                        "the expired one is held again; the redirected one is free"),
                () -> assertEquals(Set.of(), leases.renew(B, List.of(held.get(0))), "another owner's lease"),
                () -> assertEquals(Set.of(), leases.renew(A, List.of(new Lease(held.get(0).id(),
                        held.get(0).fence() + 1))), "another fence"),
                () -> assertEquals(Set.of(), leases.renew(A, List.of())));
    }

    @Test
    void aReleaseLetsAnotherOwnerClaimAtOnce() {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        List<Lease> held = claim(A, 2);

        leases.release(B, held);
        assertEquals(List.of(), claim(B, 10), "another owner's release frees nothing");
        leases.release(A, List.of(new Lease(id(1), held.getFirst().fence() + 7)));
        assertEquals(List.of(), claim(B, 10), "nor does another fence");

        leases.release(A, held);
        List<Lease> taken = claim(B, 10);

        assertAll(
                () -> assertEquals(List.of(id(1), id(2)), taken.stream().map(Lease::id).toList()),
                () -> assertTrue(taken.getFirst().fence() > held.getFirst().fence()),
                () -> assertEquals(Set.of(), leases.renew(A, held)));
    }

    // ---- the log ----

    @Test
    void theLogPagesNewestFirstWithTestDeliveriesWithoutAChangeRange() {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        List<Lease> held = claim(A, 2);
        Lease lease = held.getFirst();
        PendingDelivery pending = form(lease, CURSOR, 150);
        AttemptRecord timeout = new AttemptRecord(1, T0.plusSeconds(1),
                AttemptResult.failed(DeliveryError.TIMEOUT, Duration.ofMillis(10_000)));
        deliveries.recordFailure(lease, pending, timeout, T0.plusSeconds(6), null);
        deliveries.recordFailure(held.get(1), form(held.get(1), CURSOR, 101), failed(1, 500, T0), T0, null);
        FormedDelivery test = test(T0.plusSeconds(3));
        AttemptRecord testAttempt = answered(1, 200, T0.plusSeconds(3));
        deliveries.recordTest(id(1), test, testAttempt);
        AttemptRecord redirect = new AttemptRecord(2, T0.plusSeconds(6),
                AttemptResult.failed(DeliveryError.REDIRECT_REFUSED, Duration.ofMillis(3)));
        deliveries.recordFailure(lease, attempted(pending, 1), redirect, T0.plusSeconds(40), null);
        AttemptRecord success = answered(3, 202, T0.plusSeconds(40));
        deliveries.recordSuccess(lease, attempted(pending, 2), success, List.of(), null);

        List<LoggedAttempt> all = store.attempts(id(1), Long.MAX_VALUE, 100);
        List<LoggedAttempt> firstPage = store.attempts(id(1), Long.MAX_VALUE, 2);
        List<LoggedAttempt> secondPage = store.attempts(id(1), firstPage.getLast().attemptId(), 2);
        String deliveryId = pending.delivery().id();

        assertAll(
                () -> assertEquals(List.of(success, redirect, testAttempt, timeout),
                        all.stream().map(LoggedAttempt::record).toList()),
                () -> assertEquals(List.of(deliveryId, deliveryId, test.id(), deliveryId),
                        all.stream().map(LoggedAttempt::deliveryId).toList()),
                () -> assertTrue(all.stream().allMatch(logged -> logged.webhookId().equals(id(1)))),
                () -> assertEquals(Arrays.asList(CURSOR + 1, CURSOR + 1, null, CURSOR + 1),
                        all.stream().map(LoggedAttempt::firstChangeId).toList()),
                () -> assertEquals(Arrays.asList(150L, 150L, null, 150L),
                        all.stream().map(LoggedAttempt::lastChangeId).toList()),
                () -> assertEquals(all.stream().map(LoggedAttempt::attemptId).sorted((x, y) -> Long.compare(y, x))
                        .toList(), all.stream().map(LoggedAttempt::attemptId).toList(), "newest first"),
                () -> assertEquals(all.subList(0, 2), firstPage),
                () -> assertEquals(all.subList(2, 4), secondPage),
                () -> assertEquals(List.of(), store.attempts(id(1), all.getLast().attemptId(), 2)),
                () -> assertEquals(List.of(), store.attempts(id(1), Long.MAX_VALUE, 0)),
                () -> assertEquals(1, store.attempts(id(2), Long.MAX_VALUE, 100).size()));
    }

    @Test
    void aTestDeliveryIsLoggedWithoutTouchingTheCursorThePendingDeliveryTheFailureOrTheFence() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 150);
        deliveries.recordFailure(lease, pending, failed(1, 502, T0), T0.plusSeconds(5), null);
        LeasedState before = deliveries.state(lease).orElseThrow();
        AttemptRecord passed = answered(1, 200, T0.plusSeconds(2));
        AttemptRecord refused = new AttemptRecord(1, T0.plusSeconds(3),
                AttemptResult.failed(DeliveryError.ADDRESS_REFUSED, Duration.ZERO));

        deliveries.recordTest(id(1), test(T0.plusSeconds(2)), passed);
        deliveries.recordTest(id(1), test(T0.plusSeconds(3)), refused);

        assertAll(
                () -> assertEquals(Optional.of(before), deliveries.state(lease),
                        "the cursor, the pending delivery, the last failure and the fence as they were"),
                () -> assertEquals(List.of(refused, passed), store.attempts(id(1), Long.MAX_VALUE, 2).stream()
                        .map(LoggedAttempt::record).toList()),
                () -> assertThrows(IllegalArgumentException.class,
                        () -> deliveries.recordTest(id(1), delivery(CURSOR, 101, 102), passed)));

        store.delete(id(1));
        deliveries.recordTest(id(1), test(T0.plusSeconds(4)), answered(1, 200, T0.plusSeconds(4)));

        assertEquals(List.of(), everythingStored(), "nothing is logged for a webhook removed meanwhile");
    }

    @Test
    void pruningRemovesOldAttemptsThoseBeyondTheNewestKeptAndTheDeliveriesLeftWithoutAttempts()
            throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        List<Lease> held = claim(A, 2);
        Lease one = held.getFirst();
        long cursor = CURSOR;
        for (int n = 1; n <= 5; n++) { // five delivered deliveries, one attempt each, one a minute
            PendingDelivery pending = form(one, cursor, cursor + 10);
            deliveries.recordSuccess(one, pending, answered(1, 204, T0.plusSeconds(60L * n)), List.of(), null);
            cursor += 10;
        }
        PendingDelivery stillPending = form(one, cursor, cursor + 10);
        deliveries.recordFailure(one, stillPending, failed(1, 503, T0.plusSeconds(360)), T0.plusSeconds(400), null);
        Lease two = held.get(1);
        PendingDelivery otherPending = form(two, CURSOR, CURSOR + 1);
        deliveries.recordFailure(two, otherPending, failed(1, 503, T0), T0.plusSeconds(1), null);
        List<LoggedAttempt> oneBefore = store.attempts(id(1), Long.MAX_VALUE, 100);

        int removed = deliveries.prune(T0.plusSeconds(150), 3);

        assertAll(
                () -> assertEquals(4, removed, "webhook 1's two made before the instant and one more beyond its "
                        + "newest 3, and webhook 2's one, made before the instant"),
                () -> assertEquals(oneBefore.subList(0, 3), store.attempts(id(1), Long.MAX_VALUE, 100)),
                () -> assertEquals(List.of(), store.attempts(id(2), Long.MAX_VALUE, 100)),
                () -> assertEquals(List.of("delivered", "delivered", "pending", "pending"),
                        strings("SELECT state FROM webhook_delivery ORDER BY state")),
                () -> assertEquals(new PendingDelivery(otherPending.delivery(), 1, T0.plusSeconds(1)),
                        deliveries.state(two).orElseThrow().pending(),
                        "a pending delivery stays, though its attempts went"));
        assertEquals(2, deliveries.prune(T0.plusSeconds(150), 1));
        assertEquals(0, deliveries.prune(T0, 1000));
        assertEquals(List.of("pending", "pending"),
                strings("SELECT state FROM webhook_delivery ORDER BY state"));
    }

    @Test
    void aLogOfSeveralChunksKeepsExactlyTheNewestOfEachWebhookAndTheDeliveriesWithAttempts() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        int logged = 2 * JdbcWebhookDeliveries.PRUNE_CHUNK + 500;
        logDelivered(id(1), logged, T0.plusSeconds(1000)); // a second apart, all after the instant
        logDelivered(id(2), 10, T0); // a second apart from T0: four before the instant
        List<String> keptOfOne = attemptIds(id(1)).subList(0, 1000);
        List<String> keptOfTwo = attemptIds(id(2)).subList(0, 6);

        int removed = deliveries.prune(T0.plusSeconds(4), 1000);

        assertAll(
                () -> assertEquals(logged - 1000 + 4, removed),
                () -> assertSameIds(keptOfOne, attemptIds(id(1)), "webhook 1's newest 1000"),
                () -> assertSameIds(keptOfTwo, attemptIds(id(2)), "webhook 2's made after the instant"),
                () -> assertEquals(List.of("1006"), strings("SELECT COUNT(*) FROM webhook_delivery")),
                () -> assertEquals(List.of("0"), strings("SELECT COUNT(*) FROM webhook_delivery d WHERE NOT EXISTS"
                        + " (SELECT 1 FROM webhook_attempt a WHERE a.delivery_id = d.id)")));
        assertEquals(0, deliveries.prune(T0.plusSeconds(4), 1000), "nothing more to remove");
    }

    @Test
    void anAdministratorsChangesAndRemovalsGoThroughWhileALongLogIsPruned() throws Exception {
        store.add(webhook(1, T0), secrets(1));
        store.add(webhook(2, T0), secrets(2));
        store.add(webhook(3, T0), secrets(3));
        for (int n = 1; n <= 3; n++) {
            logDelivered(id(n), 3 * JdbcWebhookDeliveries.PRUNE_CHUNK, T0);
        }
        List<String> keptOfOne = attemptIds(id(1)).subList(0, 100);
        ExecutorService upkeep = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> pruning = upkeep.submit(() -> deliveries.prune(T0, 100));

            store.delete(id(3));
            Webhook described = store.update(store.find(id(2)).orElseThrow().withDescription("meanwhile"), false);
            store.delete(id(2));

            assertAll(
                    () -> assertTrue(pruning.get(2, TimeUnit.MINUTES) >= 2900, "at least webhook 1's"),
                    () -> assertEquals("meanwhile", described.description()),
                    () -> assertEquals(List.of(id(1)), store.list().stream().map(Webhook::id).toList()),
                    () -> assertSameIds(keptOfOne, attemptIds(id(1)), "webhook 1's newest 100"),
                    () -> assertEquals(List.of("100"), strings("SELECT COUNT(*) FROM webhook_attempt")),
                    () -> assertEquals(List.of("100"), strings("SELECT COUNT(*) FROM webhook_delivery")));
        } finally {
            upkeep.shutdownNow();
        }
    }

    // ---- the rest of the store ----

    @Test
    void theDataCommandsLeaveWebhooksBehind() throws SQLException {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 110);
        deliveries.recordFailure(lease, pending, failed(1, 503, T0), T0.plusSeconds(5), null);
        deliveries.recordTest(id(1), test(T0), answered(1, 204, T0));
        List<String> before = everythingStored();
        CatalogueEntry rex = CatalogueEntry.unstocked(new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE));

        try (StoreLoad copy = loads.beginLoad(true)) { // a copy's target: emptied, then loaded
            copy.clear();
            copy.stagePet(2, rex);
            copy.apply(true);
            copy.commit();
        }
        try (StoreLoad replacingImport = loads.beginLoad(false)) {
            replacingImport.stagePet(2, rex);
            replacingImport.apply(true);
            replacingImport.commit();
        }

        assertEquals(before, everythingStored());
        assertTrue(deliveries.state(lease).isPresent());
    }

    @Test
    void aDatabaseThatCannotBeReachedIsStorageUnavailableAndNothingChanges() throws Exception {
        store.add(webhook(1, T0), secrets(1));
        Lease lease = claimOne(A);
        PendingDelivery pending = form(lease, CURSOR, 110);
        List<String> before = everythingStored();
        Map<String, Object> settings = new HashMap<>(databaseProperties());
        settings.put("datasources.default.maximum-pool-size", 2);
        settings.put("datasources.default.connection-timeout", 250);
        try (ApplicationContext instance = ApplicationContext.builder().environments("persistence-test")
                .properties(settings).start()) {
            WebhookStore unreachable = instance.getBean(WebhookStore.class);
            WebhookLeases unreachableLeases = instance.getBean(WebhookLeases.class);
            WebhookDeliveries unreachableDeliveries = instance.getBean(WebhookDeliveries.class);
            DataSource pool = DelegatingDataSource.unwrapDataSource(instance.getBean(DataSource.class));
            try (Connection one = pool.getConnection(); Connection two = pool.getConnection()) {
                AttemptRecord attempt = answered(1, 204, T0);
                assertAllUnavailable(Map.ofEntries(
                        Map.entry("add", () -> unreachable.add(webhook(2, T0), secrets(2))),
                        Map.entry("list", unreachable::list),
                        Map.entry("find", () -> unreachable.find(id(1))),
                        Map.entry("secretsOf", () -> unreachable.secretsOf(id(1))),
                        Map.entry("update", () -> unreachable.update(webhook(1, T0).withUrl(url(3)), true)),
                        Map.entry("delete", () -> unreachable.delete(id(1))),
                        Map.entry("rotate", () -> unreachable.rotate(id(1), secret(3), T0)),
                        Map.entry("replay", () -> unreachable.replay(id(1), 0)),
                        Map.entry("attempts", () -> unreachable.attempts(id(1), Long.MAX_VALUE, 10)),
                        Map.entry("claim", () -> unreachableLeases.claim(B, 10)),
                        Map.entry("renew", () -> unreachableLeases.renew(A, List.of(lease))),
                        Map.entry("release", () -> unreachableLeases.release(A, List.of(lease))),
                        Map.entry("state", () -> unreachableDeliveries.state(lease)),
                        Map.entry("form", () -> unreachableDeliveries.form(lease, 110, delivery(110, 111, 120))),
                        Map.entry("recordSuccess",
                                () -> unreachableDeliveries.recordSuccess(lease, pending, attempt, List.of(), null)),
                        Map.entry("recordFailure",
                                () -> unreachableDeliveries.recordFailure(lease, pending, attempt, T0, null)),
                        Map.entry("recordTest", () -> unreachableDeliveries.recordTest(id(1), test(T0), attempt)),
                        Map.entry("prune", () -> unreachableDeliveries.prune(T0, 0))));
            }
            assertEquals(before, everythingStored(), "nothing changed");
            assertEquals(Set.of(id(1)), unreachableLeases.renew(A, List.of(lease)), "and it works again");
        }
    }

    // ---- helpers ----

    /**
     * That each call fails with {@link StorageUnavailableException}. They run at once, each on a thread of its own,
     * so that their waits for a connection (the pool's timeout each) overlap.
     */
    private static void assertAllUnavailable(Map<String, Executable> calls) throws InterruptedException {
        Map<String, Throwable> failures = new ConcurrentHashMap<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            calls.forEach((name, call) -> threads.submit(() -> {
                try {
                    call.execute();
                    failures.put(name, new AssertionError(name + " answered"));
                } catch (Throwable failure) {
                    failures.put(name, failure);
                }
            }));
        }
        assertAll(calls.keySet().stream().map(name -> () -> assertInstanceOf(StorageUnavailableException.class,
                failures.get(name), name)));
    }

    /** That nothing the old lease may do changes anything, and that it reads nothing. */
    private void assertFencedOut(Lease old, PendingDelivery pending) throws SQLException {
        List<String> before = everythingStored();
        assertAll(
                () -> assertEquals(Optional.empty(), deliveries.state(old)),
                () -> assertFalse(deliveries.form(old, pending.delivery().lastChangeId(),
                        delivery(pending.delivery().lastChangeId(), pending.delivery().lastChangeId() + 1,
                                pending.delivery().lastChangeId() + 5))),
                () -> assertFalse(deliveries.form(old, CURSOR, delivery(CURSOR, CURSOR + 1, CURSOR + 5))),
                () -> assertFalse(deliveries.recordSuccess(old, pending, answered(1, 204, T0), List.of(), null)),
                () -> assertFalse(deliveries.recordFailure(old, pending, failed(1, 503, T0), T0.plusSeconds(5),
                        null)),
                () -> assertFalse(deliveries.recordFailure(old, pending, failed(1, 410, T0), null, "gone")),
                () -> assertEquals(Set.of(), leases.renew(A, List.of(old))));
        leases.release(A, List.of(old));
        assertEquals(before, everythingStored(), "the old lease changed nothing");
    }

    private Lease claimOne(String owner) {
        List<Lease> claimed = claim(owner, 1);
        assertEquals(1, claimed.size(), "claimed " + claimed);
        return claimed.getFirst();
    }

    private List<Lease> claim(String owner, int max) {
        return leases.claim(owner, max);
    }

    /** Forms a delivery of the changes after {@code cursor} up to {@code last} and answers it as pending. */
    private PendingDelivery form(Lease lease, long cursor, long last) {
        FormedDelivery delivery = delivery(cursor, cursor + 1, last);
        if (!deliveries.form(lease, cursor, delivery)) {
            return deliveries.state(lease).orElseThrow().pending();
        }
        return new PendingDelivery(delivery, 0, delivery.formedAt());
    }

    /** The pending delivery as the store keeps it until an attempt fails: without its body. */
    private static PendingDelivery stored(PendingDelivery pending) {
        return new PendingDelivery(pending.delivery().withoutBody(), pending.attempts(), pending.nextAttemptAt());
    }

    /** The pending delivery after {@code attempts} attempts (what the guarded writes look at is its delivery). */
    private static PendingDelivery attempted(PendingDelivery pending, int attempts) {
        return new PendingDelivery(pending.delivery(), attempts, pending.nextAttemptAt());
    }

    private FormedDelivery delivery(long previous, long first, long last) {
        String body = "{\"type\":\"inventory.count.updated\",\"data\":{\"from\":" + first + ",\"to\":" + last + "}}";
        return new FormedDelivery("msg_" + (++messages) + "_" + System.nanoTime(), "inventory.count.updated",
                previous, first, last, body.getBytes(StandardCharsets.UTF_8),
                T0.plusSeconds(messages));
    }

    private FormedDelivery test(Instant at) {
        return new FormedDelivery("msg_test_" + (++messages), "webhook.test", 0, 0, 0,
                "{\"type\":\"webhook.test\"}".getBytes(StandardCharsets.UTF_8), at);
    }

    private static AttemptRecord answered(int attempt, int status, Instant at) {
        return new AttemptRecord(attempt, at, AttemptResult.answered(status, Duration.ofMillis(12), null, "ok"));
    }

    private static AttemptRecord failed(int attempt, int status, Instant at) {
        return new AttemptRecord(attempt, at, AttemptResult.answered(status, Duration.ofMillis(1_234),
                Duration.ofSeconds(30), "Service Unavailable\r\n\u0000 try later"));
    }

    private static AttemptRecord withoutRetryAfter(AttemptRecord record) {
        AttemptResult result = record.result();
        return new AttemptRecord(record.attempt(), record.at(), new AttemptResult(result.status(), result.error(),
                result.duration(), null, result.excerpt()));
    }

    private static WebhookId id(int n) {
        return new WebhookId("whk-%012x".formatted(n));
    }

    private static WebhookUrl url(int n) {
        return WebhookUrl.parse("https://hooks.example.com/stock/" + n);
    }

    private static Webhook webhook(int n, Instant createdAt) {
        return Webhook.create(id(n), url(n), Set.of(EventType.INVENTORY_COUNT_UPDATED), "shop " + n, createdAt,
                CURSOR);
    }

    private static WebhookSecret secret(int n) {
        byte[] key = new byte[WebhookSecret.GENERATED_BYTES];
        Arrays.fill(key, (byte) n);
        key[0] = (byte) 0xfb; // '+' and '/' in its base64
        return new WebhookSecret(key);
    }

    private static SigningSecrets secrets(int n) {
        return SigningSecrets.of(secret(n));
    }

    // ---- the tables, read and written directly ----

    private Connection connection() throws SQLException {
        return DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = connection(); PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.executeUpdate();
        }
    }

    /** As if every lease (or these webhooks' leases) had run out: their end moved 16 s back. */
    private void expireLeases(WebhookId... ids) throws SQLException {
        String which = ids.length == 0 ? "" : " AND id IN (" + Arrays.stream(ids)
                .map(id -> "'" + id.value() + "'").collect(Collectors.joining(", ")) + ")";
        execute("UPDATE webhook_subscription SET lease_until = lease_until - INTERVAL '16' SECOND"
                + " WHERE lease_until IS NOT NULL" + which);
    }

    private long fenceOf(WebhookId id) throws SQLException {
        return Long.parseLong(strings("SELECT fence FROM webhook_subscription WHERE id = '" + id.value() + "'")
                .getFirst());
    }

    private Map<String, String> leaseOwners() throws SQLException {
        Map<String, String> owners = new HashMap<>();
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(
                     "SELECT id, lease_owner FROM webhook_subscription WHERE lease_owner IS NOT NULL");
             ResultSet row = select.executeQuery()) {
            while (row.next()) {
                owners.put(row.getString(1), row.getString(2));
            }
        }
        return owners;
    }

    /** The database's clock now. */
    private Instant databaseNow() throws SQLException {
        return instants("SELECT CURRENT_TIMESTAMP").getFirst();
    }

    private List<Instant> instants(String sql) throws SQLException {
        List<Instant> values = new ArrayList<>();
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            while (row.next()) {
                values.add(row.getObject(1, OffsetDateTime.class).toInstant());
            }
        }
        return values;
    }

    private List<String> strings(String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            while (row.next()) {
                values.add(row.getString(1));
            }
        }
        return values;
    }

    /**
     * Logs {@code count} delivered deliveries of a webhook, one attempt each, a second apart from {@code first}, as
     * the deliverer leaves them (an empty body), written directly in one batch.
     */
    private void logDelivered(WebhookId webhook, int count, Instant first) throws SQLException {
        try (Connection connection = connection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement delivery = connection.prepareStatement("INSERT INTO webhook_delivery (id,"
                    + " webhook_id, event_type, previous_change_id, first_change_id, last_change_id, body, formed_at,"
                    + " attempts, next_attempt_at, state) VALUES (?, ?, 'inventory.count.updated', ?, ?, ?, ?, ?, 1,"
                    + " NULL, 'delivered')");
                 PreparedStatement attempt = connection.prepareStatement("INSERT INTO webhook_attempt (webhook_id,"
                         + " delivery_id, attempt, attempted_at, status_code, duration_ms) VALUES (?, ?, 1, ?, 204,"
                         + " 3)")) {
                for (int n = 0; n < count; n++) {
                    String id = "msg_" + webhook.value() + "_" + n;
                    Instant at = first.plusSeconds(n);
                    delivery.setString(1, id);
                    delivery.setString(2, webhook.value());
                    delivery.setLong(3, CURSOR + n);
                    delivery.setLong(4, CURSOR + n + 1);
                    delivery.setLong(5, CURSOR + n + 1);
                    delivery.setBytes(6, new byte[0]);
                    WebhookRows.setInstant(delivery, 7, at);
                    delivery.addBatch();
                    attempt.setString(1, webhook.value());
                    attempt.setString(2, id);
                    WebhookRows.setInstant(attempt, 3, at);
                    attempt.addBatch();
                }
                delivery.executeBatch();
                attempt.executeBatch();
            }
            connection.commit();
        }
    }

    /** The same ids in the same order; told apart by their number and ends (a log's ids are thousands). */
    private static void assertSameIds(List<String> expected, List<String> actual, String what) {
        assertTrue(expected.equals(actual), () -> what + ": expected " + summary(expected) + ", got "
                + summary(actual));
    }

    private static String summary(List<String> ids) {
        return ids.isEmpty() ? "none" : ids.size() + " ids from " + ids.getFirst() + " to " + ids.getLast();
    }

    /** The ids of a webhook's logged attempts, newest first. */
    private List<String> attemptIds(WebhookId webhook) throws SQLException {
        return strings("SELECT attempt_id FROM webhook_attempt WHERE webhook_id = '" + webhook.value()
                + "' ORDER BY attempt_id DESC");
    }

    /** Every row of the three tables, its values as text (bytes in hex), sorted. */
    private List<String> everythingStored() throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection connection = connection()) {
            for (String table : List.of("webhook_subscription", "webhook_delivery", "webhook_attempt")) {
                try (PreparedStatement select = connection.prepareStatement("SELECT * FROM " + table);
                     ResultSet row = select.executeQuery()) {
                    int columns = row.getMetaData().getColumnCount();
                    while (row.next()) {
                        values.add(table + ":" + IntStream.rangeClosed(1, columns).mapToObj(column -> {
                            try {
                                Object value = row.getObject(column);
                                return value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes)
                                        : String.valueOf(value);
                            } catch (SQLException e) {
                                throw new IllegalStateException(e);
                            }
                        }).collect(Collectors.joining("|")));
                    }
                }
            }
        }
        values.sort(null);
        return values;
    }
}
