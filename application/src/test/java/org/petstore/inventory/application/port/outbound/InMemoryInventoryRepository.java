package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * An in-memory {@link InventoryRepository}: the fake the application's tests run against. It passes the same
 * contract suite as the real backends.
 */
public final class InMemoryInventoryRepository implements InventoryRepository {

    private final ConcurrentSkipListMap<Long, InventoryItem> items = new ConcurrentSkipListMap<>();

    public void store(InventoryItem... entries) {
        for (InventoryItem entry : entries) {
            items.put(entry.petId().value(), entry);
        }
    }

    public void clear() {
        items.clear();
    }

    @Override
    public List<InventoryItem> findAll() {
        return List.copyOf(items.values());
    }

    @Override
    public Optional<InventoryItem> findByPetId(PetId petId) {
        return Optional.ofNullable(items.get(petId.value()));
    }

    @Override
    public InventoryItem updateQuantity(InventoryItem item) {
        InventoryItem stored = items.computeIfPresent(item.petId().value(),
                (id, current) -> current.withQuantity(item.quantity()));
        if (stored == null) {
            throw new InventoryItemNotFoundException(item.petId());
        }
        return stored;
    }
}
