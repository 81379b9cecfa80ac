package org.petstore.inventory.application.port.outbound;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.LongSupplier;
import org.petstore.inventory.domain.access.KeyId;

/**
 * An in-memory {@link SharedQuotas}: the database that instances share, as the port's javadoc describes it. Each key's
 * bucket is its theoretical arrival time on the fake's own clock (nanoseconds); an exchange adds each key's units by
 * the GCRA rule (from now when the bucket lies in the past) and answers how far each bucket then lies ahead of now.
 * It counts the exchanges and the units added, and can be made unreachable (then nothing is added).
 */
public final class InMemorySharedQuotas implements SharedQuotas {

    private final LongSupplier nanos;
    private final Map<KeyId, Long> tats = new HashMap<>();
    private final Map<KeyId, Long> added = new HashMap<>();
    private int exchanges;
    private Set<KeyId> lastKeys = Set.of();
    private final Map<KeyId, Map<String, Integer>> feeds = new HashMap<>();
    private volatile boolean unavailable;

    /** @param nanos the database's clock, in nanoseconds */
    public InMemorySharedQuotas(LongSupplier nanos) {
        this.nanos = Objects.requireNonNull(nanos, "nanos");
    }

    /** Whether every exchange fails as a database that cannot be reached does. */
    public void unavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    @Override
    public synchronized Map<KeyId, Long> exchange(Map<KeyId, Usage> taken) {
        if (unavailable) {
            throw new StorageUnavailableException("The shared quotas cannot be reached (a test made it so)",
                    new IllegalStateException("unreachable"));
        }
        exchanges++;
        lastKeys = Set.copyOf(taken.keySet());
        long now = nanos.getAsLong();
        Map<KeyId, Long> ahead = new HashMap<>();
        taken.forEach((key, usage) -> {
            if (usage.units() < 0) {
                throw new IllegalArgumentException("units are 0 or more: " + usage.units());
            }
            long tat = tats.getOrDefault(key, now);
            if (usage.units() > 0) {
                tat = Math.max(tat, now) + usage.units() * usage.intervalNanos();
                tats.put(key, tat);
                added.merge(key, usage.units(), Long::sum);
            }
            ahead.put(key, Math.max(0, tat - now));
        });
        return ahead;
    }

    @Override
    public Map<KeyId, Integer> shareFeeds(Map<KeyId, Integer> openHere) {
        return shareFeeds("instance", openHere);
    }

    /** The same database, as the instance {@code name} sees it: its live feeds are recorded apart from the others'. */
    public SharedQuotas instance(String name) {
        return new SharedQuotas() {
            @Override
            public Map<KeyId, Long> exchange(Map<KeyId, Usage> taken) {
                return InMemorySharedQuotas.this.exchange(taken);
            }

            @Override
            public Map<KeyId, Integer> shareFeeds(Map<KeyId, Integer> openHere) {
                return InMemorySharedQuotas.this.shareFeeds(name, openHere);
            }
        };
    }

    private synchronized Map<KeyId, Integer> shareFeeds(String instance, Map<KeyId, Integer> openHere) {
        if (unavailable) {
            throw new StorageUnavailableException("The shared quotas cannot be reached (a test made it so)",
                    new IllegalStateException("unreachable"));
        }
        Map<KeyId, Integer> elsewhere = new HashMap<>();
        openHere.forEach((key, open) -> {
            Map<String, Integer> byInstance = feeds.computeIfAbsent(key, unused -> new HashMap<>());
            byInstance.put(instance, open);
            elsewhere.put(key, byInstance.entrySet().stream().filter(entry -> !entry.getKey().equals(instance))
                    .mapToInt(Map.Entry::getValue).sum());
        });
        return elsewhere;
    }

    /** How many exchanges were answered. */
    public synchronized int exchanges() {
        return exchanges;
    }

    /** The keys given in the last exchange answered. */
    public synchronized Set<KeyId> lastKeys() {
        return lastKeys;
    }

    /** Every unit added to the key's bucket so far. */
    public synchronized long added(KeyId key) {
        return added.getOrDefault(key, 0L);
    }
}
