package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.InventoryEntry;

class InMemoryStockMovementsTest extends StockMovementsContract {

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected StockLedger ledger() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> items) {
        repository.clear();
        repository.store(items.toArray(InventoryEntry[]::new));
    }
}
