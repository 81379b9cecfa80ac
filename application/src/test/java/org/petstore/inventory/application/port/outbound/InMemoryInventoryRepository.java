package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * An in-memory {@link InventoryRepository}: the fake the application's tests run against. It passes the same
 * contract suite as the real backends. It counts the streams that were opened and not yet closed, as a database
 * counts the connections its open cursors hold.
 */
public final class InMemoryInventoryRepository implements InventoryRepository {

    private final ConcurrentSkipListMap<Long, InventoryItem> items = new ConcurrentSkipListMap<>();
    private final AtomicInteger openStreams = new AtomicInteger();

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

    @Override
    public Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity) {
        return Optional.ofNullable(items.computeIfPresent(petId.value(),
                (id, current) -> current.withQuantity(quantity)));
    }

    /** A compare-and-set on the map: the entry is replaced only if it is still the one whose version was checked. */
    @Override
    public StockUpdate updateQuantity(PetId petId, Quantity quantity, ExpectedVersions expected) {
        while (true) {
            InventoryItem current = items.get(petId.value());
            if (current == null) {
                return new StockUpdate.NotFound();
            }
            if (!expected.allow(current.version())) {
                return new StockUpdate.Stale();
            }
            InventoryItem updated = current.withQuantity(quantity);
            if (items.replace(petId.value(), current, updated)) {
                return new StockUpdate.Updated(updated);
            }
        }
    }
}
