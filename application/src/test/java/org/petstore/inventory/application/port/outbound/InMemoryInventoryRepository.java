package org.petstore.inventory.application.port.outbound;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

/**
 * An in-memory {@link InventoryRepository} with its {@link StockLedger}: the fake the application's tests run
 * against. It passes the same contract suites as the real backends. It counts the streams that were opened and not yet closed, as a database
 * counts the connections its open cursors hold.
 */
public final class InMemoryInventoryRepository implements InventoryRepository, StockLedger {

    private final ConcurrentSkipListMap<Long, InventoryItem> items = new ConcurrentSkipListMap<>();
    private final AtomicInteger openStreams = new AtomicInteger();
    private final List<StockChange> changes = new ArrayList<>();
    private long lastChangeId;
    private long removedThrough;
    private final Clock clock = Clock.systemUTC();

    public void store(InventoryItem... entries) {
        for (InventoryItem entry : entries) {
            items.put(entry.petId().value(), entry);
        }
    }

    /** Entries for pets 1 to {@code count}, as {@link InventoryRepositoryContract#numbered} describes them. */
    public void storeNumbered(int count) {
        for (long petId = 1; petId <= count; petId++) {
            items.put(petId, InventoryRepositoryContract.numbered(petId));
        }
    }

    public void clear() {
        items.clear();
    }

    /** The snapshots of {@link #streamAll()} opened and not closed yet. */
    public int openStreams() {
        return openStreams.get();
    }

    @Override
    public InventorySnapshot streamAll() {
        List<InventoryItem> snapshot = List.copyOf(items.values());
        AtomicBoolean closed = new AtomicBoolean();
        openStreams.incrementAndGet();
        Stream<InventoryItem> entries = snapshot.stream().onClose(() -> {
            if (closed.compareAndSet(false, true)) {
                openStreams.decrementAndGet();
            }
        });
        return new InventorySnapshot(InventoryVersion.of(snapshot), entries);
    }

    @Override
    public InventoryVersion currentVersion() {
        return InventoryVersion.of(List.copyOf(items.values()));
    }

    @Override
    public Optional<InventoryItem> findByPetId(PetId petId) {
        return Optional.ofNullable(items.get(petId.value()));
    }

    /** Changes are made and recorded one at a time, under this object's lock: change ids in the order of the changes. */
    @Override
    public synchronized Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity, ChangeOrigin origin) {
        InventoryItem current = items.get(petId.value());
        if (current == null) {
            return Optional.empty();
        }
        return Optional.of(change(current, quantity, origin));
    }

    @Override
    public synchronized StockUpdate updateQuantity(PetId petId, Quantity quantity, ExpectedVersions expected,
            ChangeOrigin origin) {
        InventoryItem current = items.get(petId.value());
        if (current == null) {
            return new StockUpdate.NotFound();
        }
        if (!expected.allow(current.version())) {
            return new StockUpdate.Stale();
        }
        return new StockUpdate.Updated(change(current, quantity, origin));
    }

    private InventoryItem change(InventoryItem current, Quantity quantity, ChangeOrigin origin) {
        InventoryItem updated = current.withQuantity(quantity);
        items.put(updated.petId().value(), updated);
        changes.add(new StockChange(++lastChangeId, updated.petId(), current.quantity(), updated.quantity(),
                updated.version(), clock.instant(), origin));
        return updated;
    }

    @Override
    public synchronized List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        return changes.reversed().stream()
                .filter(change -> change.petId().equals(petId) && change.changeId() < beforeChangeId)
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized List<StockChange> changesAfter(long afterChangeId, int limit) {
        return changes.stream().filter(change -> change.changeId() > afterChangeId).limit(limit).toList();
    }

    @Override
    public synchronized long removedThrough() {
        return removedThrough;
    }

    @Override
    public synchronized long newestChangeId() {
        return lastChangeId;
    }

    /** Removes the changes up to this id, as retention does. */
    public synchronized void removeThrough(long changeId) {
        changes.removeIf(change -> change.changeId() <= changeId);
        removedThrough = Math.max(removedThrough, changeId);
    }
}
