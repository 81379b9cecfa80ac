package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.InventoryEntry;

class InMemoryInventoryRepositoryTest extends InventoryRepositoryContract {

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> items) {
        repository.clear();
        repository.store(items.toArray(InventoryEntry[]::new));
    }

    @Override
    protected void givenOnlyNumbered(int count) {
        repository.clear();
        repository.storeNumbered(count);
    }

    @Override
    protected int activeConnections() {
        return repository.openStreams();
    }
}
