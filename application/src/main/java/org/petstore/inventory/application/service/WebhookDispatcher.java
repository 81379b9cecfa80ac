package org.petstore.inventory.application.service;

import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.LeasedState;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.application.port.outbound.WebhookDeliveries;
import org.petstore.inventory.application.port.outbound.WebhookLeases;
import org.petstore.inventory.application.port.outbound.WebhookPayloads;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.RetrySchedule;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * Delivers the stock ledger to the webhooks this instance holds a lease on: one loop per leased webhook, on its own
 * thread from the injected {@link ThreadFactory} (virtual threads in production), so that webhooks are delivered in
 * parallel and a slow receiver delays no other. The bootstrap schedules the rest:
 * <ul>
 *   <li>{@link #claimAndRenew()} every second: renews the leases held (when one would soon be too short to start a
 *       send, and at least every {@value #RENEW_EVERY_CALLS}rd call), stops the loops whose lease was not renewed, and
 *       claims free webhooks while this instance holds fewer than its maximum ({@value #DEFAULT_MAX_LEASES});</li>
 *   <li>{@link #watchLedger()} every 100 ms: one read of the ledger's newest change id for the whole instance, which
 *       wakes each idle loop whose cursor is behind it, and each loop whose next attempt has come;</li>
 *   <li>{@link #prune()} every hour: the delivery log's upkeep;</li>
 *   <li>{@link #stop(Duration)} at shutdown.</li>
 * </ul>
 *
 * <p>One loop: read the leased state (the webhook, its secrets and its pending delivery, fence checked); when nothing
 * is pending, form the next delivery from up to {@value #BATCH} changes after the cursor, once (its id and change range
 * are stored, and every attempt, by any instance, sends the same bytes with the same message id: the loop that did not
 * form it forms its body again from the ledger, and from its first failure on the store keeps the body); wait until it
 * is due; send it, signed with the secrets valid at that moment; record the outcome. A success moves the cursor; when
 * a full batch of changes follows, the loop forms the next delivery as its successor and sends it before it records:
 * it records the {@link Run} of successes in one write (within {@value #RUN_MILLIS} ms, or before anything else), which
 * forms the next delivery too; otherwise the next turn forms it. A failure is retried on the {@link RetrySchedule}
 * (jittered; a receiver's {@code Retry-After} is honoured when longer, up to {@value #MAX_RETRY_AFTER_HOURS} h); a 410
 * or an exhausted schedule disables the webhook (an exhausted schedule is logged once, with the webhook's and the
 * delivery's ids). Every write carries the lease: when one answers false, or the state is gone, the fence has moved
 * (another instance claimed the webhook, or an administrator redirected, disabled, replayed or deleted it), and the
 * loop stops; the next claim starts from the stored row. A loop that waits (for changes, for an attempt's time, for a
 * renewal) reads nothing from the store meanwhile: it is woken in memory, and a moved fence shows at the next renewal.
 *
 * <p>A loop never <em>starts</em> a send with less than {@value #MIN_LEFT_SECONDS} s left on its local, conservative
 * view of the lease: the monotonic time when the claim or renewal was sent, plus the lease's 15 s, minus 1 s. A send
 * takes at most 10 s, so it ends before another instance can claim the webhook, unless this instance was paused for
 * longer than that (the one duplicate accepted). A store that cannot be reached stops nothing and loses nothing: the
 * loop waits ({@value #BACKOFF_MILLIS} ms, or until the ledger answers {@link #watchLedger()} again) and goes on; an
 * outcome that could not be recorded is recorded when the store answers, without sending again.
 *
 * <p>A webhook whose cursor the ledger's retention has overtaken (changes after it are gone), with nothing pending
 * or with a pending delivery whose body was not kept, is held and not delivered: sending what is left would skip
 * changes without the receiver knowing why, and the port can disable a webhook only with a pending delivery. The loop
 * logs it once, with the fix (replay from a kept change), and reads it again every minute; an administrator's replay,
 * redirection or delete moves the fence, and the next claim starts from the row as stored. (It arises only when the
 * service was down, or the webhook far behind, for longer than the ledger's retention: a failing receiver is disabled
 * by its retry schedule first, and enabling again refuses an expired cursor.)
 *
 * <p>Nothing here logs a secret or a URL (a URL's query may carry a receiver's token): webhooks are named by id.
 * Plain Java: the bootstrap module wires it and schedules it.
 */
public final class WebhookDispatcher {

    /** How many webhooks one instance delivers at most. */
    public static final int DEFAULT_MAX_LEASES = 256;
    /** The most changes one delivery carries. */
    public static final int BATCH = 100;
    /** How long the delivery log keeps attempts, and how many it keeps per webhook at most. */
    public static final Duration LOG_KEPT = Duration.ofDays(30);
    public static final int LOG_KEPT_PER_WEBHOOK = 1000;
    static final int RENEW_EVERY_CALLS = 3;
    static final int MIN_LEFT_SECONDS = 12;
    static final int MAX_RETRY_AFTER_HOURS = 24;
    static final int BACKOFF_MILLIS = 1000;
    static final String GONE = "the receiver answered 410 Gone";
    static final String EXHAUSTED = "retries exhausted";

    private static final System.Logger LOG = System.getLogger(WebhookDispatcher.class.getName());
    /** The local view of a lease: 15 s from when the claim or renewal was sent, minus 1 s for the clocks' drift. */
    private static final long LEASE_NANOS = WebhookLeases.DURATION.minusSeconds(1).toNanos();
    private static final long MIN_LEFT_NANOS = Duration.ofSeconds(MIN_LEFT_SECONDS).toNanos();
    /** Renew when a lease would fall below {@link #MIN_LEFT_NANOS} before the next call (one second later). */
    private static final long RENEW_WHEN_LEFT_NANOS = MIN_LEFT_NANOS + Duration.ofSeconds(1).toNanos();
    private static final Duration MAX_RETRY_AFTER = Duration.ofHours(MAX_RETRY_AFTER_HOURS);
    private static final long IDLE_NANOS = Duration.ofSeconds(1).toNanos();
    private static final long BACKOFF_NANOS = Duration.ofMillis(BACKOFF_MILLIS).toNanos();
    /** How long a loop holding a webhook with an expired cursor waits before it reads it again. */
    private static final long HOLD_NANOS = Duration.ofMinutes(1).toNanos();
    /**
     * While changes keep coming, how long a loop that has just delivered lets a short batch grow before it forms it:
     * a delivery's fixed cost (a POST, its reads and writes) is then paid for up to {@link #BATCH} changes instead of a
     * few, and a change waits at most this much longer.
     */
    static final long LINGER_NANOS = Duration.ofMillis(100).toNanos();
    /**
     * While full batches keep coming, how long a loop sends successors formed in memory before it records them with
     * the delivery that began the run, in one write ({@link Run}).
     */
    static final int RUN_MILLIS = 100;
    static final long RUN_NANOS = Duration.ofMillis(RUN_MILLIS).toNanos();

    private final String instanceId;
    private final WebhookLeases leases;
    private final WebhookDeliveries deliveries;
    private final StockLedger ledger;
    private final WebhookPayloads payloads;
    private final WebhookTransport transport;
    private final RetrySchedule schedule;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final RandomGenerator random;
    private final ThreadFactory threads;
    private final int maxLeases;
    private final Map<WebhookId, Worker> workers = new ConcurrentHashMap<>();
    private final AtomicBoolean outage = new AtomicBoolean();
    /** The ledger's newest change id, as {@link #watchLedger()} last read it. */
    private volatile long head = -1;
    private long calls;
    private boolean stopping;

    /**
     * @param instanceId this instance's id ({@code inst-} and 12 hex digits), the owner of its leases
     * @param clock      the time stored and compared with the stored due times (not the leases': the database's)
     * @param nanoTime   a monotonic clock in nanoseconds, for the local view of the leases ({@code System::nanoTime})
     * @param random     draws message ids and the retries' jitter: a {@code SecureRandom}
     * @param threads    makes each webhook's loop thread (virtual threads in production)
     */
    public WebhookDispatcher(String instanceId, WebhookLeases leases, WebhookDeliveries deliveries, StockLedger ledger,
                             WebhookPayloads payloads, WebhookTransport transport, RetrySchedule schedule, Clock clock,
                             LongSupplier nanoTime, RandomGenerator random, ThreadFactory threads) {
        this(instanceId, leases, deliveries, ledger, payloads, transport, schedule, clock, nanoTime, random, threads,
                DEFAULT_MAX_LEASES);
    }

    WebhookDispatcher(String instanceId, WebhookLeases leases, WebhookDeliveries deliveries, StockLedger ledger,
                      WebhookPayloads payloads, WebhookTransport transport, RetrySchedule schedule, Clock clock,
                      LongSupplier nanoTime, RandomGenerator random, ThreadFactory threads, int maxLeases) {
        this.instanceId = Objects.requireNonNull(instanceId, "instanceId");
        this.leases = Objects.requireNonNull(leases, "leases");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.payloads = Objects.requireNonNull(payloads, "payloads");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.random = Objects.requireNonNull(random, "random");
        this.threads = Objects.requireNonNull(threads, "threads");
        if (maxLeases < 1) {
            throw new IllegalArgumentException("an instance delivers at least one webhook, got " + maxLeases);
        }
        this.maxLeases = maxLeases;
    }

    /**
     * Renews the leases held when one is due, stops the loops of those lost, and claims free webhooks while there is
     * room. While the store cannot be reached, nothing is claimed, and the loops stop starting sends once their leases
     * run short; a renewal after the outage keeps each lease no other instance claimed meanwhile.
     */
    public synchronized void claimAndRenew() {
        if (stopping) {
            return;
        }
        calls++;
        long sent = nanoTime.getAsLong();
        List<Worker> held = workers.values().stream().filter(worker -> !worker.stopped).toList();
        if (!held.isEmpty() && (calls % RENEW_EVERY_CALLS == 0
                || held.stream().anyMatch(worker -> worker.deadline - sent < RENEW_WHEN_LEFT_NANOS))) {
            Set<WebhookId> kept;
            try {
                kept = leases.renew(instanceId, held.stream().map(worker -> worker.lease).toList());
            } catch (StorageUnavailableException e) {
                outage(e);
                return;
            }
            storageBack();
            for (Worker worker : held) {
                if (kept.contains(worker.lease.id())) {
                    worker.deadline = sent + LEASE_NANOS;
                    if (worker.awaitingRenewal) {
                        worker.wake();
                    }
                } else {
                    LOG.log(Level.DEBUG, "webhook {0}: lease {1} lost; its loop stops", worker.lease.id(),
                            worker.lease.fence());
                    worker.stop();
                }
            }
        }
        int room = maxLeases - (int) workers.values().stream().filter(worker -> !worker.stopped).count();
        if (room > 0) {
            List<Lease> claimed;
            try {
                claimed = leases.claim(instanceId, room);
            } catch (StorageUnavailableException e) {
                outage(e);
                return;
            }
            storageBack();
            for (Lease lease : claimed) {
                start(lease, sent);
            }
        }
    }

    private void start(Lease lease, long sent) {
        Worker worker = new Worker(lease, sent + LEASE_NANOS);
        Worker before = workers.put(lease.id(), worker);
        if (before != null) {
            before.stop(); // its lease expired here unrenewed, and was claimed again: its fence is stale
        }
        LOG.log(Level.DEBUG, "webhook {0}: delivered by this instance (lease {1})", lease.id(), lease.fence());
        Thread thread = threads.newThread(worker);
        worker.thread = thread;
        thread.start();
    }

    /**
     * Reads the ledger's newest change id once, and wakes each idle loop whose cursor is behind it, each loop whose
     * next attempt has come, and each loop waiting for the store (it answers again).
     */
    public void watchLedger() {
        long newest;
        try {
            newest = ledger.newestChangeId();
        } catch (StorageUnavailableException e) {
            outage(e);
            return;
        }
        head = newest;
        Instant now = clock.instant();
        for (Worker worker : workers.values()) {
            long watching = worker.watching;
            Instant due = worker.dueAt;
            if (watching >= 0 && watching < newest || due != null && !now.isBefore(due) || worker.backingOff) {
                worker.wake();
            }
        }
    }

    /** Removes the attempts older than {@link #LOG_KEPT}, keeping at most {@link #LOG_KEPT_PER_WEBHOOK} per webhook. */
    public void prune() {
        try {
            int removed = deliveries.prune(clock.instant().minus(LOG_KEPT), LOG_KEPT_PER_WEBHOOK);
            if (removed > 0) {
                LOG.log(Level.DEBUG, "webhook delivery log: {0} attempts removed", removed);
            }
        } catch (StorageUnavailableException e) {
            outage(e);
        }
    }

    /**
     * Stops every loop and claims no more: a loop waiting stops at once, one sending records its attempt first. Waits
     * up to {@code grace} for them, then releases the leases of the loops that ended, so that another instance takes
     * their webhooks over at its next claim; a loop still sending keeps its lease until it expires.
     */
    public void stop(Duration grace) {
        List<Worker> stopped;
        synchronized (this) {
            stopping = true;
            stopped = List.copyOf(workers.values());
        }
        stopped.forEach(Worker::stop);
        long until = nanoTime() + Math.max(0, grace.toNanos());
        List<Lease> ended = new ArrayList<>();
        for (Worker worker : stopped) {
            Thread thread = worker.thread;
            try {
                if (thread != null && thread.join(Duration.ofNanos(Math.max(0, until - nanoTime())))) {
                    ended.add(worker.lease);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!ended.isEmpty()) {
            try {
                leases.release(instanceId, ended);
            } catch (StorageUnavailableException e) {
                LOG.log(Level.WARNING, "webhook leases not released (they expire in 15 s): {0}", e.getMessage());
            }
        }
        LOG.log(Level.INFO, "webhook deliveries stopped on this instance: {0} of {1} loops ended", ended.size(),
                stopped.size());
    }

    /** The real monotonic clock, for {@link #stop}'s grace: the injected one stands still in tests. */
    private static long nanoTime() {
        return System.nanoTime();
    }

    /** The webhooks this instance delivers now (for tests and diagnostics). */
    Set<WebhookId> delivering() {
        Set<WebhookId> ids = ConcurrentHashMap.newKeySet();
        workers.forEach((id, worker) -> {
            if (!worker.stopped) {
                ids.add(id);
            }
        });
        return Set.copyOf(ids);
    }

    private void outage(StorageUnavailableException e) {
        if (outage.compareAndSet(false, true)) {
            LOG.log(Level.WARNING, "webhook deliveries wait until the database answers: {0}", e.getMessage());
        }
    }

    private void storageBack() {
        if (outage.get() && outage.compareAndSet(true, false)) {
            LOG.log(Level.INFO, "webhook deliveries go on: the database answers again");
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /** The loop of one leased webhook. */
    private final class Worker implements Runnable {

        final Lease lease;
        /** The local lease deadline, on {@link #nanoTime}. */
        volatile long deadline;
        volatile boolean stopped;
        volatile Thread thread;
        /** The cursor this loop waits for changes after; -1 while it is not waiting for changes. */
        volatile long watching = -1;
        /** When the attempt this loop waits for is due; null while it is not waiting for one. */
        volatile Instant dueAt;
        volatile boolean awaitingRenewal;
        volatile boolean backingOff;
        /** Whether this loop has logged that the cursor expired, or that something failed, since it last went on. */
        private boolean expiredLogged;
        private boolean failureLogged;
        /** The last step delivered: the next short batch lingers once ({@link #LINGER_NANOS}). */
        private boolean streaming;
        /** The delivery this loop formed last, with its body: it need not form it again from the ledger. */
        private FormedDelivery formed;
        /** The deliveries acknowledged and not yet recorded; null when there are none. */
        private Run run;

        Worker(Lease lease, long deadline) {
            this.lease = lease;
            this.deadline = deadline;
        }

        void stop() {
            stopped = true;
            wake();
        }

        void wake() {
            Thread running = thread;
            if (running != null) {
                LockSupport.unpark(running);
            }
        }

        @Override
        public void run() {
            try {
                while (!stopped) {
                    try {
                        if (!step()) {
                            break;
                        }
                    } catch (StorageUnavailableException e) {
                        outage(e);
                        backOff();
                    } catch (RuntimeException e) {
                        if (!failureLogged) {
                            failureLogged = true;
                            LOG.log(Level.WARNING, "webhook {0}: deliveries fail on this instance and are retried "
                                    + "every second: {1}", lease.id(), e.toString());
                        }
                        backOff();
                    }
                }
            } finally {
                recordLastRun();
                workers.remove(lease.id(), this);
                if (!stopped) {
                    release();
                }
            }
        }

        /**
         * Records the run still open when the loop ends (it was stopped, or its lease is lost: then the store refuses
         * it). Not recorded, it is sent again, with the same ids and bytes, by the next holder.
         */
        private void recordLastRun() {
            try {
                recordRun();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "webhook {0}: the last deliveries sent could not be recorded; the next holder "
                        + "sends them again, with the same ids: {1}", lease.id(), e.toString());
            }
        }

        /** A loop that stops by itself frees its lease, in case only the write failed: the next claim goes on. */
        private void release() {
            try {
                leases.release(instanceId, List.of(lease));
            } catch (RuntimeException e) {
                // the lease expires by itself
            }
        }

        /** One turn of the loop; false: the lease is lost, stop. */
        private boolean step() {
            Optional<LeasedState> read = deliveries.state(lease);
            if (read.isEmpty()) {
                LOG.log(Level.DEBUG, "webhook {0}: no longer delivered by this instance (lease {1})", lease.id(),
                        lease.fence());
                return false;
            }
            storageBack();
            LeasedState state = read.get();
            Webhook webhook = state.webhook();
            PendingDelivery pending = state.pending();
            if (run != null && (pending == null || !pending.delivery().id().equals(run.first.delivery().id()))) {
                run = null; // not while the fence holds (only this loop writes): never send past what is stored
            }
            Optional<PendingDelivery> ready = run != null ? Optional.of(run.nextPending())
                    : pending == null ? form(webhook) : withBody(pending);
            if (ready.isEmpty()) {
                return true;
            }
            pending = ready.get();
            Instant due = pending.attempts() == 0
                    ? pending.nextAttemptAt().plus(schedule.delayBefore(1, 0.5).orElseThrow())
                    : pending.nextAttemptAt();
            Instant now = now();
            if (now.isBefore(due)) {
                if (!recordRun()) {
                    return false;
                }
                waitUntil(due);
                return true;
            }
            if (deadline - nanoTime.getAsLong() < MIN_LEFT_NANOS) {
                if (!recordRun()) {
                    return false;
                }
                awaitRenewal();
                return true;
            }
            if (stopped) {
                return false;
            }
            FormedDelivery delivery = pending.delivery();
            AttemptResult result = transport.send(new OutgoingWebhook(webhook.url(), delivery.id(), delivery.body(),
                    state.secrets().at(now), now));
            failureLogged = false;
            return record(pending, new AttemptRecord(pending.attempts() + 1, now, result));
        }

        /**
         * Forms the next delivery from the changes after the cursor and stores it as pending. Empty when there is
         * nothing to form (no new change, or the cursor expired: the loop has waited), or when the store refused it:
         * then the next read of the state tells why (the fence moved: the loop stops; or a first try that seemed to
         * fail was stored after all: it is the pending delivery).
         */
        private Optional<PendingDelivery> form(Webhook webhook) {
            long cursor = webhook.cursor();
            watching = cursor;
            List<StockChange> changes = ledger.changesAfter(cursor, BATCH);
            if (cursor < ledger.removedThrough()) {
                watching = -1;
                hold(cursor);
                return Optional.empty();
            }
            expiredLogged = false;
            if (changes.isEmpty()) {
                streaming = false;
                awaitChangesAfter(cursor);
                return Optional.empty();
            }
            watching = -1;
            if (streaming && changes.size() < BATCH) {
                streaming = false;
                pause(LINGER_NANOS);
                return Optional.empty();
            }
            streaming = false;
            FormedDelivery delivery = formed(FormedDelivery.newId(random), cursor, changes);
            if (!deliveries.form(lease, cursor, delivery)) {
                return Optional.empty();
            }
            formed = delivery;
            return Optional.of(new PendingDelivery(delivery, 0, delivery.formedAt()));
        }

        /** A new delivery of {@code changes} (1 to {@value #BATCH}, the first after {@code cursor}). */
        private FormedDelivery formed(String id, long cursor, List<StockChange> changes) {
            return new FormedDelivery(id, EventType.INVENTORY_COUNT_UPDATED.wireName(), cursor,
                    changes.getFirst().changeId(), changes.getLast().changeId(), body(cursor, changes), now());
        }

        /** The body of a delivery of {@code changes}: the same changes always give the same bytes. */
        private byte[] body(long cursor, List<StockChange> changes) {
            return payloads.inventoryCountUpdated(cursor, changes, changes.getLast().at());
        }

        /**
         * The pending delivery with its body: as stored when the store kept it, as this loop formed it, or formed again
         * from its change range in the ledger. Empty when retention has removed some of those changes: the loop has
         * waited ({@link #hold}).
         */
        private Optional<PendingDelivery> withBody(PendingDelivery pending) {
            FormedDelivery stored = pending.delivery();
            if (stored.hasBody()) {
                return Optional.of(pending);
            }
            if (formed != null && formed.id().equals(stored.id())) {
                return Optional.of(new PendingDelivery(formed, pending.attempts(), pending.nextAttemptAt()));
            }
            long cursor = stored.previousChangeId();
            List<StockChange> changes = ledger.changesAfter(cursor, BATCH).stream()
                    .takeWhile(change -> change.changeId() <= stored.lastChangeId()).toList();
            if (changes.isEmpty() || changes.getFirst().changeId() != stored.firstChangeId()
                    || changes.getLast().changeId() != stored.lastChangeId()) {
                hold(cursor);
                return Optional.empty();
            }
            expiredLogged = false;
            formed = new FormedDelivery(stored.id(), stored.eventType(), cursor, stored.firstChangeId(),
                    stored.lastChangeId(), body(cursor, changes), stored.formedAt());
            return Optional.of(new PendingDelivery(formed, pending.attempts(), pending.nextAttemptAt()));
        }

        /** The changes after the cursor are no longer kept: logs it once, with the fix, and waits a minute. */
        private void hold(long cursor) {
            if (!expiredLogged) {
                expiredLogged = true;
                LOG.log(Level.WARNING, "webhook {0} is not delivered: the changes after its cursor {1} up to {2} are "
                        + "no longer kept; replay it from a kept change (POST /v1/webhooks/{0}/replay with after {2} "
                        + "or later) to go on", lease.id(), cursor, ledger.removedThrough());
            }
            pause(HOLD_NANOS);
        }

        /**
         * The successor of {@code delivery} ({@link FormedDelivery#successorId}), when a full batch of the changes
         * after it is there already: it is sent next, and formed in the write that records the run. Null otherwise,
         * and when the ledger cannot be read: the run is recorded (never sent again), and the next turn forms the next
         * one.
         */
        private FormedDelivery fullBatchAfter(FormedDelivery delivery) {
            long cursor = delivery.lastChangeId();
            try {
                List<StockChange> changes = ledger.changesAfter(cursor, BATCH);
                return changes.size() == BATCH ? formed(FormedDelivery.successorId(delivery.id()), cursor, changes)
                        : null;
            } catch (StorageUnavailableException e) {
                return null;
            }
        }

        /** Records the attempt's outcome, retried until the store answers; false: the lease is lost. */
        private boolean record(PendingDelivery pending, AttemptRecord attempt) {
            AttemptResult result = attempt.result();
            if (result.succeeded()) {
                FormedDelivery next = fullBatchAfter(pending.delivery());
                if (run == null) {
                    run = new Run(pending, attempt, nanoTime.getAsLong());
                } else {
                    run.after.add(new AcknowledgedDelivery(pending.delivery(), attempt));
                }
                run.next = next;
                if (next != null && !stopped && nanoTime.getAsLong() - run.startedNanos < RUN_NANOS) {
                    return true;
                }
                return recordRun();
            }
            if (!recordRun()) { // the failed delivery is the run's next: it becomes the pending one
                return false;
            }
            long cursor = pending.delivery().previousChangeId();
            if (result.gone()) {
                boolean recorded = recorded(() -> deliveries.recordFailure(lease, pending, attempt, null, GONE));
                if (recorded) {
                    LOG.log(Level.WARNING, "webhook {0} disabled: {1} to delivery {2}; enable it again to resume "
                            + "from change {3}", lease.id(), GONE, pending.delivery().id(), cursor);
                }
                return recorded;
            }
            Optional<Duration> delay = schedule.delayBefore(attempt.attempt() + 1, random.nextDouble());
            if (delay.isEmpty()) {
                FormedDelivery delivery = pending.delivery();
                String reason = EXHAUSTED + " (delivery " + delivery.id() + ", " + attempt.attempt()
                        + " attempts, the last " + result.summary() + ")";
                boolean recorded = recorded(() -> deliveries.recordFailure(lease, pending, attempt, null, reason));
                if (recorded) {
                    LOG.log(Level.WARNING, "webhook {0} disabled, retries exhausted: delivery {1} of changes {2} to "
                            + "{3} failed {4} attempts, the last {5}; fix the receiver and enable the webhook again to "
                            + "resume from change {6}", lease.id(), delivery.id(), delivery.firstChangeId(),
                            delivery.lastChangeId(), attempt.attempt(), result.summary(), cursor);
                }
                return recorded;
            }
            Duration wait = delay.get();
            if (result.retryAfter() != null) {
                Duration asked = result.retryAfter().compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER
                        : result.retryAfter();
                wait = asked.compareTo(wait) > 0 ? asked : wait;
            }
            Instant next = now().plus(wait).truncatedTo(ChronoUnit.MICROS);
            return recorded(() -> deliveries.recordFailure(lease, pending, attempt, next, null));
        }

        /**
         * Records the open run, if any, in one write: its first delivery's success, the successors acknowledged after
         * it, and its next delivery formed as the pending one; false when the store refused it (the lease is lost).
         */
        private boolean recordRun() {
            if (run == null) {
                return true;
            }
            Run recording = run;
            run = null;
            streaming = recorded(() -> deliveries.recordSuccess(lease, recording.first, recording.firstAttempt,
                    recording.after, recording.next));
            formed = recording.next;
            return streaming;
        }

        /**
         * A guarded write, tried again while the store cannot be reached, so that an attempt made is recorded rather
         * than sent again; false when the store refused it or the loop was stopped meanwhile.
         */
        private boolean recorded(BooleanSupplier write) {
            while (true) {
                try {
                    boolean done = write.getAsBoolean();
                    storageBack();
                    return done;
                } catch (StorageUnavailableException e) {
                    outage(e);
                    if (stopped) {
                        return false;
                    }
                    backOff();
                }
            }
        }

        /**
         * Waits, without reading the store, until {@link #watchLedger()} has seen a change after {@code cursor} (it
         * wakes this loop), or for a second when it has not read the ledger yet.
         */
        private void awaitChangesAfter(long cursor) {
            try {
                do {
                    pause(IDLE_NANOS);
                } while (!stopped && head >= 0 && head <= cursor);
            } finally {
                watching = -1;
            }
        }

        /** Waits, without reading the store, until {@code due} (by the clock; {@link #watchLedger()} wakes it). */
        private void waitUntil(Instant due) {
            dueAt = due;
            try {
                for (Instant now = now(); !stopped && now.isBefore(due); now = now()) {
                    pause(Math.min(IDLE_NANOS, Duration.between(now, due).toNanos()));
                }
            } finally {
                dueAt = null;
            }
        }

        /** Waits until a renewal leaves the lease long enough to start a send ({@link #claimAndRenew()} wakes it). */
        private void awaitRenewal() {
            awaitingRenewal = true;
            try {
                while (!stopped && deadline - nanoTime.getAsLong() < MIN_LEFT_NANOS) {
                    pause(IDLE_NANOS);
                }
            } finally {
                awaitingRenewal = false;
            }
        }

        private void backOff() {
            backingOff = true;
            try {
                pause(BACKOFF_NANOS);
            } finally {
                backingOff = false;
            }
        }

        /** Parks up to {@code nanos}; a wake, a stop or an interrupt ends it early. */
        private void pause(long nanos) {
            if (stopped) {
                return;
            }
            LockSupport.parkNanos(this, nanos);
            if (Thread.interrupted()) {
                stopped = true;
            }
        }
    }

    /**
     * The deliveries a loop has seen acknowledged since it last recorded: the stored pending one that began the run,
     * then the successors it formed in memory and sent after it. A success records at once when no full batch follows;
     * while full batches keep coming, the loop sends the next before it records, and records the run in one write
     * within {@value #RUN_MILLIS} ms, before it waits for anything, before a failure's record, and when it stops. The
     * successors' ids follow from the stored delivery ({@link FormedDelivery#successorId}), and their bytes from the
     * immutable ledger: an instance that takes the webhook over after this one died sends the unrecorded run again
     * with the same ids and bytes.
     */
    private static final class Run {

        final PendingDelivery first;
        final AttemptRecord firstAttempt;
        final List<AcknowledgedDelivery> after = new ArrayList<>();
        final long startedNanos;
        /** The successor formed to be sent next; null once none follows (the run is then recorded). */
        FormedDelivery next;

        Run(PendingDelivery first, AttemptRecord firstAttempt, long startedNanos) {
            this.first = first;
            this.firstAttempt = firstAttempt;
            this.startedNanos = startedNanos;
        }

        /** The next delivery as a pending one: formed just now, no attempt made. */
        PendingDelivery nextPending() {
            return new PendingDelivery(next, 0, next.formedAt());
        }
    }
}
