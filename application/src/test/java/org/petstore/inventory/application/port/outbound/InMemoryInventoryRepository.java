package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.InventoryItem;
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

    /** The streams of {@link #streamAll()} opened and not closed yet. */
    public int openStreams() {
        return openStreams.get();
    }

    @Override
    public Stream<InventoryItem> streamAll() {
        List<InventoryItem> snapshot = List.copyOf(items.values());
        AtomicBoolean closed = new AtomicBoolean();
        openStreams.incrementAndGet();
        return snapshot.stream().onClose(() -> {
            if (closed.compareAndSet(false, true)) {
                openStreams.decrementAndGet();
            }
        });
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
}
