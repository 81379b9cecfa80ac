package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/** The fake's fence semantics, as the ports' javadoc states them: what the dispatcher's tests rely on. */
class InMemoryWebhookStoreTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final AttemptResult OK = AttemptResult.answered(204, Duration.ofMillis(3), null, null);
    private static final AttemptResult FAILED = AttemptResult.answered(503, Duration.ofMillis(3), null, "busy");

    private Instant databaseNow = T0;
    private final InMemoryWebhookStore store = new InMemoryWebhookStore(new Clock() {
        @Override
        public Instant instant() {
            return databaseNow;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    });
    private final Random random = new Random(7);

    private WebhookId added(String id, long cursor) {
        WebhookId webhookId = new WebhookId(id);
        store.add(Webhook.create(webhookId, WebhookUrl.parse("https://shop.example.com/"),
                Set.of(EventType.INVENTORY_COUNT_UPDATED), null, T0, cursor),
                SigningSecrets.of(WebhookSecret.generate(random)));
        return webhookId;
    }

    private static FormedDelivery delivery(String id, long previous, long last) {
        return new FormedDelivery(id, "inventory.count.updated", previous, previous + 1, last,
                "x".getBytes(StandardCharsets.UTF_8), T0);
    }

    @Test
    void aClaimMovesTheFenceAndHoldsFor15SecondsOnTheDatabasesClock() {
        WebhookId id = added("whk-000000000001", 0);

        List<Lease> claimed = store.claim("inst-a", 10);

        assertEquals(List.of(new Lease(id, 1)), claimed);
        assertEquals(List.of(), store.claim("inst-b", 10));
        databaseNow = T0.plusSeconds(15);
        assertEquals(List.of(), store.claim("inst-b", 10), "free only after the 15 s");
        databaseNow = T0.plusSeconds(15).plusNanos(1000);
        assertEquals(List.of(new Lease(id, 2)), store.claim("inst-b", 10));
        assertEquals(Set.of(), store.renew("inst-a", claimed), "the old holder lost it");
        assertEquals(Optional.of("inst-b"), store.leaseOwner(id));
    }

    @Test
    void twoOwnersClaimingAtOnceNeverGetOneWebhookBoth() throws InterruptedException {
        for (int i = 1; i <= 50; i++) {
            added(String.format("whk-%012x", i), 0);
        }
        List<Lease> a = new ArrayList<>();
        List<Lease> b = new ArrayList<>();
        CountDownLatch go = new CountDownLatch(1);
        Thread first = Thread.ofPlatform().start(() -> claimInTurns(go, "inst-a", a));
        Thread second = Thread.ofPlatform().start(() -> claimInTurns(go, "inst-b", b));
        go.countDown();
        first.join();
        second.join();

        Set<WebhookId> ids = new HashSet<>();
        a.forEach(lease -> ids.add(lease.id()));
        b.forEach(lease -> assertTrue(ids.add(lease.id()), lease + " claimed twice"));
        assertEquals(50, ids.size());
    }

    private void claimInTurns(CountDownLatch go, String owner, List<Lease> claimed) {
        try {
            go.await();
        } catch (InterruptedException e) {
            return;
        }
        for (int i = 0; i < 30; i++) {
            claimed.addAll(store.claim(owner, 2));
        }
    }

    @Test
    void aRenewalKeepsAnExpiredLeaseNoOneClaimedAndAReleaseFreesIt() {
        WebhookId id = added("whk-000000000001", 0);
        List<Lease> held = store.claim("inst-a", 1);
        databaseNow = T0.plusSeconds(20);

        assertEquals(Set.of(id), store.renew("inst-a", held));
        assertEquals(Set.of(), store.renew("inst-b", held), "only its owner renews it");
        store.release("inst-b", held);
        assertEquals(Optional.of("inst-a"), store.leaseOwner(id));
        store.release("inst-a", held);
        assertEquals(Optional.empty(), store.leaseOwner(id));
        assertEquals(List.of(new Lease(id, 2)), store.claim("inst-b", 1));
    }

    @Test
    void aStaleFenceCanNeitherReadNorFormNorRecord() {
        WebhookId id = added("whk-000000000001", 4);
        Lease stale = store.claim("inst-a", 1).getFirst();
        FormedDelivery formed = delivery("msg_a", 4, 9);
        assertTrue(store.form(stale, 4, formed));
        PendingDelivery pending = new PendingDelivery(formed, 0, T0); // as the deliverer holds it: with its body
        databaseNow = T0.plusSeconds(16);
        Lease fresh = store.claim("inst-b", 1).getFirst();

        assertEquals(Optional.empty(), store.state(stale));
        assertFalse(store.recordSuccess(stale, pending, new AttemptRecord(1, T0, OK), List.of(), null));
        assertFalse(store.recordFailure(stale, pending, new AttemptRecord(1, T0, FAILED), T0, null));
        assertEquals(4, store.find(id).orElseThrow().cursor());
        assertEquals(new PendingDelivery(formed.withoutBody(), 0, T0), store.state(fresh).orElseThrow().pending());
        assertThrows(IllegalArgumentException.class, () -> store.recordSuccess(fresh, pending,
                new AttemptRecord(1, T0, OK), List.of(), delivery("msg_c", 8, 20)),
                "the next one follows on from this one");
        assertTrue(store.recordSuccess(fresh, pending, new AttemptRecord(1, T0, OK), List.of(), null));
        assertEquals(9, store.find(id).orElseThrow().cursor());
        assertFalse(store.recordSuccess(fresh, pending, new AttemptRecord(1, T0, OK), List.of(), null),
                "not pending any more");
        assertFalse(store.form(fresh, 4, delivery("msg_b", 4, 9)), "the cursor moved");
        assertEquals(4, store.refusedWrites());
    }

    @Test
    void aFailureKeepsTheDeliveryPendingOrDisablesTheWebhookKeepingItsFence() {
        WebhookId id = added("whk-000000000001", 0);
        Lease lease = store.claim("inst-a", 1).getFirst();
        FormedDelivery formed = delivery("msg_a", 0, 3);
        store.form(lease, 0, formed);
        PendingDelivery pending = new PendingDelivery(formed, 0, T0);
        assertEquals(new PendingDelivery(formed.withoutBody(), 0, T0), store.pending(id).orElseThrow(),
                "kept without its body until it fails");

        assertThrows(IllegalArgumentException.class,
                () -> store.recordFailure(lease, pending, new AttemptRecord(1, T0, FAILED), null, null));
        assertThrows(IllegalArgumentException.class, () -> store.recordFailure(lease, store.pending(id).orElseThrow(),
                new AttemptRecord(1, T0, FAILED), T0.plusSeconds(5), null), "a failure keeps the body sent");
        assertTrue(store.recordFailure(lease, pending, new AttemptRecord(1, T0, FAILED), T0.plusSeconds(5), null));
        assertEquals(new PendingDelivery(formed, 1, T0.plusSeconds(5)), store.pending(id).orElseThrow(),
                "with its body from the first failure on");
        assertEquals("503", store.find(id).orElseThrow().lastFailure());
        assertTrue(store.recordFailure(lease, pending, new AttemptRecord(2, T0, FAILED), null, "gone"));

        Webhook disabled = store.find(id).orElseThrow();
        assertFalse(disabled.enabled());
        assertEquals("gone", disabled.disabledReason());
        assertEquals(1, store.fence(id));
        assertEquals(Optional.empty(), store.state(lease), "a disabled webhook is not delivered");
        assertEquals(List.of(), store.claim("inst-b", 1));
        Webhook enabled = store.update(disabled.enable(), true);
        assertTrue(enabled.enabled());
        assertNull(enabled.disabledReason());
        assertEquals(0, store.pending(id).orElseThrow().attempts(), "attempts afresh");
        assertEquals(2, store.fence(id));
    }

    @Test
    void aReplaySupersedesThePendingDeliveryAndMovesTheFence() {
        WebhookId id = added("whk-000000000001", 10);
        Lease lease = store.claim("inst-a", 1).getFirst();
        store.form(lease, 10, delivery("msg_a", 10, 12));

        store.replay(id, 3);

        assertEquals(3, store.find(id).orElseThrow().cursor());
        assertEquals(Optional.empty(), store.pending(id));
        assertEquals(Optional.of(InMemoryWebhookStore.DeliveryState.SUPERSEDED), store.deliveryState("msg_a"));
        assertEquals(Optional.empty(), store.state(lease));
        assertEquals(Optional.empty(), store.leaseOwner(id));
        assertThrows(WebhookNotFoundException.class, () -> store.replay(new WebhookId("whk-00000000000f"), 1));
    }

    @Test
    void theLogIsPrunedByAgeAndByCountPerWebhook() {
        WebhookId id = added("whk-000000000001", 0);
        WebhookId other = added("whk-000000000002", 0);
        for (int i = 0; i < 5; i++) {
            FormedDelivery test = new FormedDelivery("msg_t" + i, "webhook.test", 0, 0, 0, new byte[0], T0);
            store.recordTest(id, test, new AttemptRecord(1, T0.plusSeconds(i), OK));
        }
        store.recordTest(other, new FormedDelivery("msg_o", "webhook.test", 0, 0, 0, new byte[0], T0),
                new AttemptRecord(1, T0, OK));

        assertEquals(4, store.prune(T0.plusSeconds(1), 2), "msg_t0 by age and count, t1 and t2 by count, msg_o by age");

        assertEquals(List.of("msg_t4", "msg_t3"), store.attempts(id, Long.MAX_VALUE, 10).stream()
                .map(LoggedAttempt::deliveryId).toList());
        assertEquals(List.of(), store.attempts(other, Long.MAX_VALUE, 10));
        assertEquals(Optional.empty(), store.deliveryState("msg_t0"));
    }

    @Test
    void anUnreachableStoreChangesNothing() {
        WebhookId id = added("whk-000000000001", 0);
        store.unavailable(true);

        assertThrows(StorageUnavailableException.class, () -> store.claim("inst-a", 1));
        assertThrows(StorageUnavailableException.class, () -> store.find(id));
        store.unavailable(false);
        assertEquals(0, store.fence(id));
        assertEquals(2, store.unreachableCalls());
    }
}
