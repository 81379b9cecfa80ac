package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InMemoryWebhookStore;
import org.petstore.inventory.application.port.outbound.InMemoryWebhookStore.DeliveryState;
import org.petstore.inventory.application.port.outbound.LoggedAttempt;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.application.service.ScriptedWebhookTransport.Received;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.RetrySchedule;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The dispatcher against the in-memory store, a ledger the test appends to and scripted receivers, on real threads
 * (made by a factory the test keeps) with a clock, a monotonic clock and a jitter the test moves. What is asserted is
 * what the receivers got, and what the store holds. Waits are wait-until loops that, like the bootstrap's schedule,
 * call {@link WebhookDispatcher#watchLedger()} as they go.
 */
class WebhookDispatcherTest {

    private static final Instant START = Instant.parse("2026-11-28T10:00:00Z");
    private static final String A = "inst-00000000000a";
    private static final String B = "inst-00000000000b";
    private static final String SHOP = "shop.example.com";
    private static final Duration WAIT = Duration.ofSeconds(5);

    /** The message ids a random of this seed draws differ; the jitter is pinned, 0.5 unless a test says otherwise. */
    private static final class PinnedRandom implements RandomGenerator {

        private final Random random = new Random(50);
        volatile double jitter = 0.5;

        @Override
        public synchronized long nextLong() {
            return random.nextLong();
        }

        @Override
        public double nextDouble() {
            return jitter;
        }
    }

    private final TestClock clock = new TestClock(START);
    private final TestClock databaseClock = new TestClock(START);
    private final InMemoryWebhookStore store = new InMemoryWebhookStore(databaseClock);
    private final FakeStockLedger ledger = new FakeStockLedger(clock);
    private final ScriptedWebhookTransport receivers = new ScriptedWebhookTransport();
    private final AtomicLong nanos = new AtomicLong(987_654_321_000_000L);
    private final PinnedRandom random = new PinnedRandom();
    private final List<Thread> threadsMade = new ArrayList<>();
    private final ThreadFactory threads = runnable -> {
        synchronized (threadsMade) {
            Thread thread = Thread.ofPlatform().daemon().name("webhook-test-" + threadsMade.size())
                    .unstarted(runnable);
            threadsMade.add(thread);
            return thread;
        }
    };
    /** As in production. */
    private final ThreadFactory virtualThreads = runnable -> {
        synchronized (threadsMade) {
            Thread thread = Thread.ofVirtual().name("webhook-test-" + threadsMade.size()).unstarted(runnable);
            threadsMade.add(thread);
            return thread;
        }
    };
    private final List<WebhookDispatcher> dispatchers = new ArrayList<>();
    private final AtomicInteger webhooks = new AtomicInteger();

    private CapturedLog log;

    @BeforeEach
    void captureLog() {
        log = CapturedLog.of(WebhookDispatcher.class);
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        receivers.letGo(SHOP);
        for (WebhookDispatcher dispatcher : dispatchers) {
            dispatcher.stop(WAIT);
        }
        synchronized (threadsMade) {
            for (Thread thread : threadsMade) {
                thread.join(WAIT);
                assertFalse(thread.isAlive(), thread + " still runs after stop");
            }
        }
        log.close();
        for (String line : logged()) {
            assertFalse(line.contains("whsec_"), line);
            assertFalse(line.contains("https://"), "no URL in the log: " + line);
        }
    }

    private List<String> logged() {
        return log.lines();
    }

    private WebhookDispatcher dispatcher(String instance) {
        return dispatcher(instance, RetrySchedule.STANDARD, WebhookDispatcher.DEFAULT_MAX_LEASES);
    }

    private WebhookDispatcher dispatcher(String instance, RetrySchedule schedule, int maxLeases) {
        return dispatcher(instance, schedule, maxLeases, threads);
    }

    private WebhookDispatcher dispatcher(String instance, RetrySchedule schedule, int maxLeases,
                                         ThreadFactory factory) {
        WebhookDispatcher dispatcher = new WebhookDispatcher(instance, store, store, ledger, new FakeWebhookPayloads(),
                receivers.as(instance), schedule, clock, nanos::get, random, factory, maxLeases);
        dispatchers.add(dispatcher);
        return dispatcher;
    }

    /** A webhook to {@code https://host/hook}, enabled, delivered the changes after {@code cursor}. */
    private WebhookId webhook(String host, long cursor) {
        WebhookId id = new WebhookId(String.format("whk-%012x", webhooks.incrementAndGet()));
        store.add(Webhook.create(id, WebhookUrl.parse("https://" + host + "/hook"),
                Set.of(EventType.INVENTORY_COUNT_UPDATED), null, clock.instant(), cursor),
                SigningSecrets.of(WebhookSecret.generate(random)));
        return id;
    }

    /** Waits until {@code condition}, calling each dispatcher's {@code watchLedger} as its schedule would. */
    private static void eventually(String what, BooleanSupplier condition, WebhookDispatcher... watching) {
        long until = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                fail("not within " + WAIT + ": " + what);
            }
            for (WebhookDispatcher dispatcher : watching) {
                dispatcher.watchLedger();
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail(e);
            }
        }
    }

    private Webhook stored(WebhookId id) {
        return store.find(id).orElseThrow();
    }

    private Thread lastThread() {
        synchronized (threadsMade) {
            return threadsMade.getLast();
        }
    }

    private List<Long> changeIds(List<Received> received) {
        return received.stream().flatMap(got -> got.changes().changeIds().stream()).toList();
    }

    /** Whether {@code latch} opened within {@link #WAIT}. */
    private static boolean awaited(CountDownLatch latch) {
        try {
            return latch.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static List<Long> range(long first, long last) {
        return LongStream.rangeClosed(first, last).boxed().toList();
    }

    /** Each message follows on from the one before it, from {@code cursor}: previousChangeId is the last one's. */
    private static void assertChained(long cursor, List<Received> received) {
        long previous = cursor;
        for (Received got : received) {
            FakeWebhookPayloads.Changes changes = got.changes();
            assertEquals(previous, changes.previousChangeId(), "previousChangeId of " + got.message().messageId());
            assertEquals(previous + 1, changes.changeIds().getFirst());
            assertTrue(changes.changeIds().size() <= WebhookDispatcher.BATCH);
            previous = changes.changeIds().getLast();
        }
    }

    private PendingDelivery pendingWithAttempts(WebhookId id, int attempts, WebhookDispatcher dispatcher) {
        eventually("attempt " + attempts + " recorded", () -> store.pending(id)
                .filter(pending -> pending.attempts() == attempts).isPresent(), dispatcher);
        return store.pending(id).orElseThrow();
    }

    // ---- order, exactly once

    @Test
    void everyChangeArrivesOnceInOrderInBatchesOfAtMost100() {
        ledger.append(1234);
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A, RetrySchedule.STANDARD, WebhookDispatcher.DEFAULT_MAX_LEASES,
                virtualThreads);

        dispatcher.claimAndRenew();
        eventually("the first 1234 changes", () -> changeIds(receivers.received()).size() == 1234, dispatcher);
        ledger.append(66);
        eventually("66 more", () -> changeIds(receivers.received()).size() == 1300, dispatcher);

        List<Received> received = receivers.received();
        assertEquals(range(1, 1300), changeIds(received), "in order, each once");
        assertChained(0, received);
        assertEquals(Set.of(100), received.subList(0, 12).stream().map(got -> got.changes().changeIds().size())
                .collect(Collectors.toSet()), "full batches while changes wait");
        assertEquals(34, received.get(12).changes().changeIds().size());
        assertEquals(received.size(), received.stream().map(got -> got.message().messageId()).distinct().count());
        eventually("the cursor at the last change", () -> stored(id).cursor() == 1300);
        assertEquals(Optional.empty(), store.pending(id));
        assertEquals(0, store.refusedWrites());
        List<LoggedAttempt> attempts = store.log();
        assertEquals(received.size(), attempts.size());
        assertTrue(attempts.stream().allMatch(attempt -> attempt.record().attempt() == 1
                && attempt.record().result().status() == 204));
        assertEquals(Set.of(id), dispatcher.delivering());
    }

    @Test
    @Tag("wall-clock") // the changes appended after the loop read the next 50 must come within the linger's 100 ms
    void whileChangesKeepComingAShortBatchWaitsForMoreAfterADelivery() {
        ledger.append(150);
        webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        eventually("the changes after the first delivery read", () -> ledger.readAfter(100), dispatcher);

        ledger.append(30); // while the loop waits with the 50 it read
        eventually("all 180 changes", () -> changeIds(receivers.received()).size() == 180, dispatcher);

        List<Received> received = receivers.received();
        assertEquals(List.of(100, 80), received.stream().map(got -> got.changes().changeIds().size()).toList(),
                "the 50 left after a full batch waited up to 100 ms, and took the 30 that came meanwhile");
        assertChained(0, received);
    }

    @Test
    void aNewWebhookGetsOnlyTheChangesAfterItsCursor() {
        ledger.append(30);
        webhook(SHOP, 30);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        dispatcher.watchLedger();

        ledger.append(3);
        eventually("changes 31 to 33", () -> changeIds(receivers.received()).equals(range(31, 33)), dispatcher);

        assertChained(30, receivers.received());
    }

    @Test
    void aSlowReceiverDelaysNoOther() {
        ledger.append(300);
        WebhookId slow = webhook(SHOP, 0);
        webhook("fast.example.com", 0);
        receivers.hold(SHOP);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        eventually("the slow receiver got its first message", () -> receivers.receivedBy(SHOP).size() == 1,
                dispatcher);

        ledger.append(200);

        eventually("the fast receiver has everything meanwhile",
                () -> changeIds(receivers.receivedBy("fast.example.com")).equals(range(1, 500)), dispatcher);
        assertEquals(1, receivers.receivedBy(SHOP).size(), "the slow one still answers its first");
        receivers.letGo(SHOP);
        eventually("the slow receiver has everything too",
                () -> changeIds(receivers.receivedBy(SHOP)).equals(range(1, 500)), dispatcher);
        eventually("its cursor moved", () -> stored(slow).cursor() == 500);
    }

    // ---- retries

    @Test
    void aFailingReceiverIsRetriedOnTheJitteredScheduleWithTheSameMessageThenTheCursorMoves() {
        random.jitter = 0.75; // each delay x1.1
        ledger.append(3);
        WebhookId id = webhook(SHOP, 0);
        receivers.answerInTurn(ScriptedWebhookTransport.status(503), ScriptedWebhookTransport.status(500));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();

        PendingDelivery first = pendingWithAttempts(id, 1, dispatcher);
        assertEquals(START.plus(Duration.ofMillis(5500)), first.nextAttemptAt(), "5 s x 1.1");
        assertEquals("503", stored(id).lastFailure());
        assertEquals(START, stored(id).lastFailureAt());
        assertEquals(0, stored(id).cursor());
        clock.advance(Duration.ofMillis(5400));
        dispatcher.watchLedger();
        assertEquals(1, receivers.received().size(), "not before it is due");
        clock.advance(Duration.ofMillis(100));

        PendingDelivery second = pendingWithAttempts(id, 2, dispatcher);
        assertEquals(START.plus(Duration.ofMillis(5500)).plus(Duration.ofSeconds(330)), second.nextAttemptAt(),
                "5 min x 1.1 after the second failure");
        assertEquals("500", stored(id).lastFailure());
        clock.advance(Duration.ofSeconds(330));

        eventually("delivered at the third attempt", () -> stored(id).cursor() == 3, dispatcher);
        List<Received> received = receivers.received();
        assertEquals(3, received.size());
        assertEquals(List.of(START, START.plus(Duration.ofMillis(5500)),
                START.plus(Duration.ofMillis(5500)).plus(Duration.ofSeconds(330))),
                received.stream().map(got -> got.message().attemptAt()).toList(), "each attempt when it was due");
        assertEquals(1, received.stream().map(got -> got.message().messageId()).distinct().count(),
                "one message id for every attempt");
        assertArrayEquals(received.getFirst().message().body(), received.getLast().message().body(),
                "formed once, resent byte for byte");
        assertNull(stored(id).lastFailure(), "a success clears the last failure");
        assertEquals(Optional.of(DeliveryState.DELIVERED), store.deliveryState(first.delivery().id()));
        assertEquals(List.of(1, 2, 3), store.log().stream().map(attempt -> attempt.record().attempt()).toList());
    }

    @Test
    void theSecretsAreReadBeforeEveryAttempt() {
        ledger.append(1);
        WebhookId id = webhook(SHOP, 0);
        WebhookSecret first = store.secretsOf(id).orElseThrow().current();
        receivers.answerInTurn(ScriptedWebhookTransport.status(500));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        pendingWithAttempts(id, 1, dispatcher);

        WebhookSecret next = WebhookSecret.generate(random);
        store.rotate(id, next, START.plus(Duration.ofHours(24)));
        clock.advance(Duration.ofSeconds(5));

        eventually("the retry", () -> stored(id).cursor() == 1, dispatcher);
        List<Received> received = receivers.received();
        assertEquals(List.of(first), received.getFirst().message().secrets());
        assertEquals(List.of(next, first), received.getLast().message().secrets(), "both sign during the overlap");
    }

    @Test
    void aRetryAfterLongerThanTheScheduleIsHonouredUpTo24Hours() {
        ledger.append(1);
        WebhookId id = webhook(SHOP, 0);
        receivers.answerInTurn(ScriptedWebhookTransport.status(503, Duration.ofSeconds(60)),
                ScriptedWebhookTransport.status(429, Duration.ofSeconds(1)),
                ScriptedWebhookTransport.status(503, Duration.ofHours(48)));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();

        Instant failed = clock.instant();
        assertEquals(failed.plusSeconds(60), pendingWithAttempts(id, 1, dispatcher).nextAttemptAt(),
                "Retry-After 60 s over the schedule's 5 s");
        clock.advance(Duration.ofSeconds(60));
        failed = clock.instant();
        assertEquals(failed.plus(Duration.ofMinutes(5)), pendingWithAttempts(id, 2, dispatcher).nextAttemptAt(),
                "the schedule's 5 min over Retry-After 1 s");
        clock.advance(Duration.ofMinutes(5));
        failed = clock.instant();
        assertEquals(failed.plus(Duration.ofHours(24)), pendingWithAttempts(id, 3, dispatcher).nextAttemptAt(),
                "Retry-After 48 h, capped at 24 h");
        clock.advance(Duration.ofHours(24));

        eventually("delivered", () -> stored(id).cursor() == 1, dispatcher);
        assertEquals(4, receivers.received().size());
    }

    @Test
    void theFirstDelayOfTheScheduleComesBeforeTheFirstAttempt() {
        ledger.append(2);
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A, RetrySchedule.parse("2s,5s"), 10);
        dispatcher.claimAndRenew();
        eventually("formed", () -> store.pending(id).isPresent(), dispatcher);
        assertEquals(List.of(), receivers.received());

        clock.advance(Duration.ofSeconds(2));

        eventually("delivered", () -> stored(id).cursor() == 2, dispatcher);
        assertEquals(START.plusSeconds(2), receivers.received().getFirst().message().attemptAt());
    }

    // ---- disabling

    @Test
    void a410DisablesTheWebhookAndItsLoopStops() {
        ledger.append(5);
        WebhookId id = webhook(SHOP, 2);
        receivers.answerInTurn(ScriptedWebhookTransport.status(410));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        Thread loop = lastThread();

        eventually("disabled", () -> !stored(id).enabled(), dispatcher);

        Webhook webhook = stored(id);
        assertEquals(WebhookDispatcher.GONE, webhook.disabledReason());
        assertEquals("410", webhook.lastFailure());
        assertEquals(2, webhook.cursor(), "the cursor stays: enabling again resumes from it");
        assertEquals(1, store.pending(id).orElseThrow().attempts(), "the delivery stays pending");
        eventually("the loop ended", () -> !loop.isAlive(), dispatcher);
        dispatcher.claimAndRenew();
        assertEquals(Set.of(), dispatcher.delivering(), "a disabled webhook is not claimed");
        assertEquals(1, receivers.received().size());
        assertEquals(1, logged().stream().filter(line -> line.contains(id.value())).count(), logged().toString());
    }

    @Test
    void anExhaustedScheduleDisablesTheWebhookAndIsLoggedOnceWithItsIds() {
        ledger.append(4);
        WebhookId id = webhook(SHOP, 0);
        receivers.answer(message -> ScriptedWebhookTransport.status(500));
        WebhookDispatcher dispatcher = dispatcher(A, RetrySchedule.parse("0s,5s,1m"), 10);
        dispatcher.claimAndRenew();
        Thread loop = lastThread();

        pendingWithAttempts(id, 1, dispatcher);
        clock.advance(Duration.ofSeconds(5));
        pendingWithAttempts(id, 2, dispatcher);
        clock.advance(Duration.ofMinutes(1));
        eventually("disabled", () -> !stored(id).enabled(), dispatcher);
        eventually("the loop ended", () -> !loop.isAlive(), dispatcher);

        String messageId = store.pending(id).orElseThrow().delivery().id();
        Webhook webhook = stored(id);
        assertEquals("retries exhausted (delivery " + messageId + ", 3 attempts, the last 500)",
                webhook.disabledReason());
        assertEquals(0, webhook.cursor());
        assertEquals(3, store.pending(id).orElseThrow().attempts());
        List<String> lines = logged().stream().filter(line -> line.contains("retries exhausted")).toList();
        assertEquals(1, lines.size(), logged().toString());
        assertTrue(lines.getFirst().startsWith("WARNING"), lines.getFirst());
        assertTrue(lines.getFirst().contains(id.value()) && lines.getFirst().contains(messageId), lines.getFirst());
        clock.advance(Duration.ofDays(1));
        dispatcher.claimAndRenew();
        dispatcher.watchLedger();
        assertEquals(3, receivers.received().size(), "never attempted again");
    }

    // ---- leases and fences

    @Test
    void aReplayStopsTheLoopAndTheNextClaimResumesFromTheNewCursorWithAFreshMessage() {
        ledger.append(10);
        WebhookId id = webhook(SHOP, 0);
        receivers.answerInTurn(ScriptedWebhookTransport.status(500));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        Thread before = lastThread();
        PendingDelivery superseded = pendingWithAttempts(id, 1, dispatcher);

        store.replay(id, 4);
        eventually("the loop let go, and a new one holds the webhook", () -> {
            dispatcher.claimAndRenew();
            return !before.isAlive() && dispatcher.delivering().contains(id);
        }, dispatcher);

        eventually("changes 5 to 10 again", () -> stored(id).cursor() == 10, dispatcher);
        List<Received> received = receivers.received();
        assertEquals(2, received.size(), "the superseded delivery is never sent again");
        assertEquals(superseded.delivery().id(), received.getFirst().message().messageId());
        Received replayed = received.getLast();
        assertNotEquals(superseded.delivery().id(), replayed.message().messageId());
        assertEquals(range(5, 10), replayed.changes().changeIds());
        assertEquals(4, replayed.changes().previousChangeId());
        assertEquals(Optional.of(DeliveryState.SUPERSEDED), store.deliveryState(superseded.delivery().id()));
    }

    @Test
    void aNewUrlTakesThePendingDeliveryAsItWasFormed() {
        ledger.append(3);
        WebhookId id = webhook(SHOP, 0);
        receivers.answerInTurn(ScriptedWebhookTransport.status(500));
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        Thread before = lastThread();
        pendingWithAttempts(id, 1, dispatcher);

        Webhook moved = stored(id).withUrl(WebhookUrl.parse("https://new.example.com/hook"));
        store.update(moved, moved.redirects(stored(id)));
        eventually("the loop let go, and a new one holds the webhook", () -> {
            dispatcher.claimAndRenew();
            return !before.isAlive() && dispatcher.delivering().contains(id);
        }, dispatcher);
        clock.advance(Duration.ofSeconds(5));

        eventually("delivered to the new URL", () -> stored(id).cursor() == 3, dispatcher);
        Received old = receivers.receivedBy(SHOP).getFirst();
        List<Received> atNew = receivers.receivedBy("new.example.com");
        assertEquals(1, receivers.receivedBy(SHOP).size(), "nothing more to the old URL");
        assertEquals(1, atNew.size());
        assertEquals(old.message().messageId(), atNew.getFirst().message().messageId());
        assertArrayEquals(old.message().body(), atNew.getFirst().message().body());
    }

    @Test
    void twoInstancesNeverBothDeliverOneWebhook() throws InterruptedException {
        ledger.append(250);
        List<WebhookId> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(webhook("receiver" + i + ".example.com", 0));
        }
        WebhookDispatcher a = dispatcher(A, RetrySchedule.STANDARD, 3);
        WebhookDispatcher b = dispatcher(B, RetrySchedule.STANDARD, 3);
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> claiming = new ArrayList<>();
        for (WebhookDispatcher dispatcher : List.of(a, b)) {
            claiming.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < 20; i++) {
                    dispatcher.claimAndRenew();
                }
            }));
        }
        go.countDown();
        for (Thread thread : claiming) {
            thread.join();
        }

        eventually("every receiver has every change", () -> ids.stream()
                .allMatch(id -> stored(id).cursor() == 250), a, b);
        Set<WebhookId> both = new HashSet<>(a.delivering());
        both.retainAll(b.delivering());
        assertEquals(Set.of(), both);
        assertEquals(3, a.delivering().size());
        assertEquals(3, b.delivering().size());
        for (int i = 0; i < 6; i++) {
            List<Received> received = receivers.receivedBy("receiver" + i + ".example.com");
            assertEquals(range(1, 250), changeIds(received), "receiver " + i);
            assertEquals(1, received.stream().map(Received::instance).distinct().count(),
                    "receiver " + i + " was sent to by one instance");
        }
        Map<String, Long> perInstance = receivers.received().stream()
                .collect(Collectors.groupingBy(Received::instance, Collectors.counting()));
        assertEquals(Set.of(A, B), perInstance.keySet());
    }

    @Test
    void aDeadInstancesWebhookIsTakenOverWhenItsLeaseExpiresAndResumesFromTheStoredCursor() {
        ledger.append(100);
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dead = dispatcher(A);
        WebhookDispatcher survivor = dispatcher(B);
        dead.watchLedger(); // A knows of change 100 from the start, so it waits idle after delivering it
        dead.claimAndRenew();
        eventually("the first batch", () -> stored(id).cursor() == 100, dead);
        // A dies here: it is never called again, so it neither renews nor releases, nor sees new changes
        ledger.append(50);

        survivor.claimAndRenew();
        assertEquals(Set.of(), survivor.delivering(), "the lease holds for 15 s on the database's clock");
        databaseClock.advance(Duration.ofSeconds(14));
        survivor.claimAndRenew();
        assertEquals(Set.of(), survivor.delivering());
        databaseClock.advance(Duration.ofMillis(1001));
        survivor.claimAndRenew();
        assertEquals(Set.of(id), survivor.delivering());

        eventually("the survivor delivers the rest", () -> stored(id).cursor() == 150, survivor);
        List<Received> received = receivers.received();
        assertEquals(range(1, 150), changeIds(received), "nothing lost, nothing twice");
        assertChained(0, received);
        assertEquals(List.of(A, B), received.stream().map(Received::instance).distinct().toList());
        assertEquals(Optional.of(B), store.leaseOwner(id));
    }

    /**
     * A dies in the middle of a run: it sent 1 to 100 (the stored delivery) and 101 to 200 (its successor, formed in
     * memory), and recorded neither. B sends both again, with the same ids and bytes, so that a receiver that drops
     * what it has seen by {@code webhook-id} gets every change once, in order.
     */
    @Test
    void theDeliveriesADeadInstanceHadNotRecordedAreSentAgainWithTheSameIdsAndBytes() {
        ledger.append(250);
        WebhookId id = webhook(SHOP, 0);
        CountDownLatch dies = new CountDownLatch(1);
        AtomicBoolean hung = new AtomicBoolean();
        receivers.answer(message -> { // A hangs in its first send of 101 to 200: to the receiver, it died
            if (FakeWebhookPayloads.read(message.body()).changeIds().getFirst() == 101
                    && hung.compareAndSet(false, true) && !awaited(dies)) {
                return ScriptedWebhookTransport.status(504);
            }
            return ScriptedWebhookTransport.ok();
        });
        WebhookDispatcher dead = dispatcher(A);
        WebhookDispatcher survivor = dispatcher(B);
        dead.claimAndRenew();
        eventually("A sends the second batch, the first's successor", () -> receivers.received().size() == 2, dead);
        assertEquals(0, stored(id).cursor(), "A records its run only after it");
        databaseClock.advance(Duration.ofSeconds(16));

        survivor.claimAndRenew();
        try {
            eventually("the survivor delivers the rest", () -> stored(id).cursor() == 250, survivor);
        } finally {
            dies.countDown();
        }
        List<Received> received = receivers.received();
        assertEquals(List.of(A, A, B, B, B), received.stream().map(Received::instance).toList());
        for (int sent = 0; sent < 2; sent++) {
            Received lost = received.get(sent);
            Received again = received.get(sent + 2);
            assertEquals(lost.message().messageId(), again.message().messageId(), "the same message");
            assertArrayEquals(lost.message().body(), again.message().body(), "byte for byte");
        }
        List<Received> once = received.subList(2, 5);
        assertEquals(range(1, 250), changeIds(once), "nothing lost; only the messages A had not recorded came twice");
        assertChained(0, once);
    }

    /**
     * While full batches keep coming, a loop records its run at the latest {@value WebhookDispatcher#RUN_MILLIS} ms
     * after it began: here while the third delivery is still being sent, the first two are recorded, and the third is
     * the pending one, under the id the receiver sees.
     */
    @Test
    void aStreamingLoopRecordsItsRunWithinItsInterval() {
        ledger.append(350);
        WebhookId id = webhook(SHOP, 0);
        receivers.answer(message -> {
            if (FakeWebhookPayloads.read(message.body()).changeIds().getFirst() == 101) {
                nanos.addAndGet(WebhookDispatcher.RUN_NANOS);
                receivers.hold(SHOP); // the next send waits until the test ends
            }
            return ScriptedWebhookTransport.ok();
        });
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        eventually("the third delivery is being sent", () -> receivers.received().size() == 3, dispatcher);

        assertEquals(200, stored(id).cursor());
        PendingDelivery pending = store.pending(id).orElseThrow();
        assertEquals(receivers.received().get(2).message().messageId(), pending.delivery().id());
        assertEquals(List.of(200L, 201L, 300L), List.of(pending.delivery().previousChangeId(),
                pending.delivery().firstChangeId(), pending.delivery().lastChangeId()));
    }

    /** An instance stopped in the middle of a run records it before its loop ends: the next one sends nothing twice. */
    @Test
    void aStoppedInstanceRecordsItsRunSoThatTheNextSendsNothingTwice() throws InterruptedException {
        ledger.append(450);
        WebhookId id = webhook(SHOP, 0);
        receivers.answer(message -> {
            if (FakeWebhookPayloads.read(message.body()).changeIds().getFirst() == 101) {
                receivers.hold(SHOP); // the third send waits
            }
            return ScriptedWebhookTransport.ok();
        });
        WebhookDispatcher first = dispatcher(A);
        WebhookDispatcher second = dispatcher(B);
        first.claimAndRenew();
        eventually("the third delivery is being sent", () -> receivers.received().size() == 3, first);
        assertEquals(0, stored(id).cursor(), "a run of three, not recorded yet");

        Thread stopping = Thread.ofPlatform().start(() -> first.stop(WAIT));
        eventually("the stop has begun", () -> first.delivering().isEmpty());
        receivers.letGo(SHOP);
        stopping.join(WAIT);

        assertEquals(300, stored(id).cursor());
        assertEquals(Optional.empty(), store.leaseOwner(id));
        second.claimAndRenew();
        eventually("the second instance delivers the rest", () -> stored(id).cursor() == 450, second);
        List<Received> received = receivers.received();
        assertEquals(List.of(A, A, A, B, B), received.stream().map(Received::instance).toList());
        assertEquals(range(1, 450), changeIds(received), "nothing lost, nothing twice");
        assertChained(0, received);
    }

    @Test
    void aStoppedInstanceReleasesItsLeasesForTheOthersAtOnce() {
        ledger.append(10);
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher first = dispatcher(A);
        WebhookDispatcher second = dispatcher(B);
        first.claimAndRenew();
        eventually("delivered", () -> stored(id).cursor() == 10, first);

        first.stop(WAIT);

        assertEquals(Optional.empty(), store.leaseOwner(id));
        first.claimAndRenew();
        assertEquals(Set.of(), first.delivering(), "a stopped instance claims nothing");
        second.claimAndRenew();
        assertEquals(Set.of(id), second.delivering());
        ledger.append(5);
        eventually("the other instance goes on", () -> stored(id).cursor() == 15, second);
        assertEquals(range(1, 15), changeIds(receivers.received()));
    }

    @Test
    void noSendStartsWithLessThan12SecondsLeftOnTheLocalLease() {
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew(); // the local lease ends 14 s from now
        Thread loop = lastThread();
        nanos.addAndGet(Duration.ofMillis(2001).toNanos()); // 11.999 s left

        ledger.append(3);
        eventually("formed, and waiting for a renewal", () -> store.pending(id).isPresent()
                && loop.getState() == Thread.State.TIMED_WAITING, dispatcher);

        assertEquals(List.of(), receivers.received());
        dispatcher.claimAndRenew(); // due: renews, 14 s again
        eventually("sent after the renewal", () -> stored(id).cursor() == 3, dispatcher);
    }

    @Test
    void aLeaseRenewedInTimeNeverStopsDeliveries() {
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        for (int second = 1; second <= 40; second++) {
            nanos.addAndGet(Duration.ofSeconds(1).toNanos());
            databaseClock.advance(Duration.ofSeconds(1));
            dispatcher.claimAndRenew();
            long newest = ledger.append(1);
            eventually("change " + newest, () -> stored(id).cursor() == newest, dispatcher);
        }
        assertEquals(range(1, 40), changeIds(receivers.received()));
        assertEquals(Optional.of(A), store.leaseOwner(id));
    }

    // ---- faults

    @Test
    void aStoreOutageLosesNothingAndSendsNothingTwice() {
        ledger.append(250);
        WebhookId id = webhook(SHOP, 0);
        AtomicBoolean outageStarted = new AtomicBoolean();
        receivers.answer(message -> {
            if (outageStarted.compareAndSet(false, true)) {
                store.unavailable(true); // the receiver acknowledged; the store is gone before it hears so
            }
            return ScriptedWebhookTransport.ok();
        });
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();

        eventually("the outcome is retried", () -> store.unreachableCalls() >= 2, dispatcher);
        dispatcher.claimAndRenew(); // a renewal would fail too; nothing changes
        nanos.addAndGet(Duration.ofSeconds(20).toNanos()); // longer than the lease, on both clocks
        databaseClock.advance(Duration.ofSeconds(20));
        dispatcher.claimAndRenew();
        assertEquals(1, receivers.received().size());
        store.unavailable(false);
        dispatcher.claimAndRenew(); // renews: no one claimed it meanwhile

        eventually("everything delivered", () -> stored(id).cursor() == 250, dispatcher);
        assertEquals(range(1, 250), changeIds(receivers.received()), "nothing lost, nothing twice");
        assertChained(0, receivers.received());
        List<String> outage = logged().stream().filter(line -> line.contains("database")).toList();
        assertEquals(2, outage.size(), "logged once when it starts and once when it ends: " + outage);
    }

    @Test
    void aLedgerOutageOnlyDelaysDeliveries() {
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        ledger.append(120);
        ledger.unavailable(true);
        dispatcher.watchLedger();

        ledger.unavailable(false);
        eventually("delivered", () -> stored(id).cursor() == 120, dispatcher);
        assertEquals(range(1, 120), changeIds(receivers.received()));
    }

    @Test
    void aCursorRetentionOvertookIsHeldAndLoggedOnceUntilAReplay() {
        ledger.append(10);
        ledger.removeThrough(5);
        WebhookId id = webhook(SHOP, 2);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();

        eventually("logged", () -> logged().stream().anyMatch(line -> line.contains(id.value())
                && line.contains("no longer kept")), dispatcher);
        assertEquals(List.of(), receivers.received(), "nothing skipped silently");
        assertTrue(stored(id).enabled());

        store.replay(id, 5);
        eventually("delivered from the replayed cursor", () -> {
            dispatcher.claimAndRenew();
            return stored(id).cursor() == 10;
        }, dispatcher);
        assertEquals(range(6, 10), changeIds(receivers.received()));
        assertEquals(5, receivers.received().getFirst().changes().previousChangeId());
        assertEquals(1, logged().stream().filter(line -> line.contains("no longer kept")).count());
    }

    @Test
    void aPendingDeliveryIsSentFromTheChangesItCarriesOrFromTheBodyKeptAtItsFailureOnceRetentionRemovedThem() {
        ledger.append(20);
        WebhookId formedElsewhere = webhook(SHOP, 0);
        WebhookId failedOnce = webhook("failing.example.com", 0);
        WebhookDispatcher first = dispatcher(A);
        AtomicInteger failing = new AtomicInteger();
        receivers.answer(message -> message.url().host().equals("failing.example.com")
                && failing.getAndIncrement() == 0 ? ScriptedWebhookTransport.status(503)
                : ScriptedWebhookTransport.ok());
        receivers.hold(SHOP);
        first.claimAndRenew();
        pendingWithAttempts(failedOnce, 1, first);
        eventually("the other one is sent", () -> receivers.receivedBy(SHOP).size() == 1, first);
        first.stop(Duration.ZERO); // A ends (its send goes on unrecorded): B takes both over when A's lease expires
        databaseClock.advance(Duration.ofSeconds(16));
        ledger.removeThrough(20);
        clock.advance(Duration.ofSeconds(6));

        WebhookDispatcher second = dispatcher(B);
        second.claimAndRenew();
        eventually("the failed one is sent again", () -> stored(failedOnce).cursor() == 20, second);
        eventually("the other is held, and logged", () -> logged().stream().anyMatch(line -> line.contains(
                formedElsewhere.value()) && line.contains("no longer kept")), second);
        receivers.letGo(SHOP);

        List<Received> retried = receivers.receivedBy("failing.example.com");
        assertEquals(2, retried.size());
        assertArrayEquals(retried.getFirst().message().body(), retried.getLast().message().body(),
                "its body was kept when it failed");
        assertEquals(range(1, 20), retried.getLast().changes().changeIds());
        assertEquals(1, receivers.receivedBy(SHOP).size(), "nothing skipped silently");
        assertEquals(0, stored(formedElsewhere).cursor());
        assertTrue(stored(formedElsewhere).enabled());
    }

    // ---- upkeep

    @Test
    void theLogKeeps30Days() {
        ledger.append(150);
        WebhookId id = webhook(SHOP, 0);
        WebhookDispatcher dispatcher = dispatcher(A);
        dispatcher.claimAndRenew();
        eventually("delivered", () -> stored(id).cursor() == 150, dispatcher);
        assertEquals(2, store.attempts(id, Long.MAX_VALUE, 100).size());

        clock.advance(Duration.ofDays(30));
        dispatcher.prune();
        assertEquals(2, store.attempts(id, Long.MAX_VALUE, 100).size());
        clock.advance(Duration.ofSeconds(1));
        dispatcher.prune();

        assertEquals(List.of(), store.attempts(id, Long.MAX_VALUE, 100));
        assertEquals(START.truncatedTo(ChronoUnit.MICROS), stored(id).createdAt());
    }
}
