package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.InventoryItem;

class InMemoryStockLedgerTest extends StockLedgerContract {

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
    protected void givenOnly(List<InventoryItem> items) {
        repository.clear();
        repository.store(items.toArray(InventoryItem[]::new));
    }
}
