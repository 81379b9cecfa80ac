package org.petstore.inventory.application.service;

import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.port.outbound.SharedQuotas;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Gcra;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Keeps each managed key's quota in memory, one {@link Gcra} bucket per key, so that a request is charged without
 * waiting for anything. With instances that share a database ({@link SharedQuotas}), {@link #exchange} (every
 * {@value #EXCHANGE_MILLIS} ms) adds what this instance took to the key's shared bucket and moves the local bucket
 * to where the shared one lies: whatever another instance took is owed here too, so that over any stretch longer than
 * an exchange the instances together take the key's quota, not a quota each; what they took between two exchanges
 * they pay back at once. While the database cannot be reached each instance keeps limiting on what it knows, its
 * own bucket alone; the units of a failed exchange are not kept for later, so what an instance took during an outage
 * is never charged to the others afterwards (a key that kept to its rate through the outage is not blocked after it,
 * as it would be if an outage's units were added at once when the database answers again). Time is in nanoseconds, on
 * a monotonic clock. Without shared quotas (H2, one process) the local bucket is the
 * quota. Live feeds are counted on each instance and shared at each exchange: a key may open one when its feeds open
 * here and on the other instances (as the last exchange told) are fewer than its quota allows, so that two instances
 * opening at the same moment may let a key exceed it by the feeds opened within one exchange. Refusals are counted per key and logged by {@link #reportLimited}
 * (once a minute: a key being limited is one line a minute, never one per request). Plain Java: the bootstrap module
 * wires it and schedules both.
 */
public final class QuotaService implements LimitRequestsUseCase {

    /** How often instances share what they took, in milliseconds (the bootstrap's schedule). */
    public static final int EXCHANGE_MILLIS = 100;
    /** How long a key's bucket stays in memory after its last request, in nanoseconds. */
    static final long IDLE_NANOS = 60_000_000_000L;
    private static final System.Logger LOG = System.getLogger(QuotaService.class.getName());
    private static final Charge UNLIMITED = new Unlimited();
    private static final Feed NOT_COUNTED = new NotCounted();

    private final Optional<Quota> defaultQuota;
    private final Optional<SharedQuotas> shared;
    private final LongSupplier nanos;
    private final Map<KeyId, Bucket> buckets = new ConcurrentHashMap<>();
    private final AtomicBoolean sharing = new AtomicBoolean(true);

    /**
     * @param defaultQuota the quota of a key without its own ({@code PETSTORE_RATE_LIMIT}); empty: quotas are off
     * @param nanos        a monotonic clock in nanoseconds ({@link #systemNanos})
     */
    public QuotaService(Optional<Quota> defaultQuota, Optional<SharedQuotas> shared, LongSupplier nanos) {
        this.defaultQuota = Objects.requireNonNull(defaultQuota, "defaultQuota");
        this.shared = Objects.requireNonNull(shared, "shared");
        this.nanos = Objects.requireNonNull(nanos, "nanos");
    }

    /** A monotonic clock in nanoseconds: the JVM's {@code nanoTime}. */
    public static long systemNanos() {
        return System.nanoTime();
    }

    @Override
    public Optional<Quota> quotaOf(Quota keysOwn) {
        return keysOwn != null ? Optional.of(keysOwn) : defaultQuota;
    }

    @Override
    public Charge charge(KeyId key, Quota keysOwn, int cost) {
        Quota quota = keysOwn != null ? keysOwn : defaultQuota.orElse(null);
        if (quota == null) {
            return UNLIMITED;
        }
        long now = nanos.getAsLong();
        Bucket bucket = bucketOf(key, quota, now);
        while (true) {
            long tat = bucket.tat.get();
            Gcra.Decision decision = Gcra.take(tat, now, quota, cost);
            if (!decision.allowed()) {
                bucket.refused.incrementAndGet();
                return new Limited(key, quota, cost, decision.retryAfterSeconds());
            }
            if (bucket.tat.compareAndSet(tat, decision.tat())) {
                bucket.unshared.addAndGet(cost);
                return new Allowed(quota, decision.remaining(), decision.resetSeconds());
            }
        }
    }

    private Bucket bucketOf(KeyId key, Quota quota, long now) {
        Bucket bucket = buckets.get(key);
        if (bucket == null) {
            bucket = buckets.computeIfAbsent(key, id -> new Bucket(now, quota));
        }
        if (bucket.quota != quota) {
            bucket.quota = quota;
        }
        if (bucket.lastUsed != now) {
            bucket.lastUsed = now;
        }
        return bucket;
    }

    @Override
    public Feed openFeed(KeyId key, Quota keysOwn) {
        Quota quota = keysOwn != null ? keysOwn : defaultQuota.orElse(null);
        if (quota == null) {
            return NOT_COUNTED;
        }
        Bucket bucket = bucketOf(key, quota, nanos.getAsLong());
        while (true) {
            int open = bucket.feeds.get();
            if (open + bucket.feedsElsewhere >= quota.liveFeeds()) {
                bucket.refused.incrementAndGet();
                return new Full(key, quota);
            }
            if (bucket.feeds.compareAndSet(open, open + 1)) {
                AtomicBoolean closed = new AtomicBoolean();
                return new Opened(() -> {
                    if (closed.compareAndSet(false, true)) {
                        bucket.feeds.decrementAndGet();
                    }
                });
            }
        }
    }

    /**
     * Shares what this instance took with the other instances (when there are any) and forgets the buckets of keys
     * quiet for a minute. When the database cannot be reached, the units sent are dropped, not kept for the next
     * exchange: the local buckets still limit each key meanwhile (they keep what this instance took), but what was
     * taken during the outage is never added to the shared bucket, so that it does not block the key afterwards.
     */
    public void exchange() {
        long now = nanos.getAsLong();
        buckets.entrySet().removeIf(entry -> entry.getValue().idleAt(now));
        if (shared.isEmpty() || buckets.isEmpty()) {
            return;
        }
        Map<KeyId, Bucket> sent = new HashMap<>(buckets);
        Map<KeyId, SharedQuotas.Usage> taken = new HashMap<>();
        sent.forEach((key, bucket) -> taken.put(key,
                new SharedQuotas.Usage(bucket.unshared.getAndSet(0), bucket.quota.intervalNanos())));
        Map<KeyId, Integer> openHere = new HashMap<>();
        sent.forEach((key, bucket) -> openHere.put(key, bucket.feeds.get()));
        Map<KeyId, Long> ahead;
        Map<KeyId, Integer> feedsElsewhere;
        try {
            ahead = shared.get().exchange(taken);
            feedsElsewhere = shared.get().shareFeeds(openHere);
        } catch (RuntimeException e) {
            // the units sent are not given back to unshared: charged later, they would count as taken at that moment
            if (sharing.compareAndSet(true, false)) {
                LOG.log(Level.WARNING, "quotas are kept on this instance alone until the database answers: {0}",
                        e.getMessage());
            }
            return;
        }
        if (sharing.compareAndSet(false, true)) {
            LOG.log(Level.INFO, "quotas are shared with the other instances again");
        }
        ahead.forEach((key, aheadNanos) -> {
            Bucket bucket = sent.get(key);
            if (bucket != null) {
                long tat = now + aheadNanos + bucket.unshared.get() * bucket.quota.intervalNanos();
                bucket.tat.accumulateAndGet(tat, Math::max);
            }
        });
        feedsElsewhere.forEach((key, open) -> {
            Bucket bucket = sent.get(key);
            if (bucket != null) {
                bucket.feedsElsewhere = open;
            }
        });
    }

    /** Logs, for each key refused since the last call, its id, its quota and how many requests were refused. */
    public void reportLimited() {
        buckets.forEach((key, bucket) -> {
            long refused = bucket.refused.getAndSet(0);
            if (refused > 0) {
                LOG.log(Level.WARNING, "API key {0} is over its quota ({1}, {2} live feeds): {3} requests refused "
                        + "since the last report", key, bucket.quota.rate(), bucket.quota.liveFeeds(), refused);
            }
        });
    }

    /** One key's bucket on this instance. */
    private static final class Bucket {

        /** The GCRA's theoretical arrival time, on this service's clock. */
        final AtomicLong tat;
        /** Units taken here and not yet sent to the shared bucket (those of a failed exchange are dropped). */
        final AtomicLong unshared = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicInteger feeds = new AtomicInteger();
        /** Live feeds the key holds open on the other instances, as the last exchange told. */
        volatile int feedsElsewhere;
        volatile Quota quota;
        volatile long lastUsed;

        Bucket(long now, Quota quota) {
            this.tat = new AtomicLong(now);
            this.quota = quota;
            this.lastUsed = now;
        }

        boolean idleAt(long now) {
            return now - lastUsed > IDLE_NANOS && tat.get() <= now && unshared.get() == 0 && feeds.get() == 0
                    && refused.get() == 0;
        }
    }
}
