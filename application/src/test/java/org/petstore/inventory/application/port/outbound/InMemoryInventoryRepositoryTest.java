package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.InventoryItem;

class InMemoryInventoryRepositoryTest extends InventoryRepositoryContract {

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryItem> items) {
        repository.clear();
        repository.store(items.toArray(InventoryItem[]::new));
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
