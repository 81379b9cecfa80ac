package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/** The in-memory fake keeps the store's contract, so the services' tests against it mean something. */
class InMemoryStoreTest extends StoreLoadContract {

    private final InMemoryStore store = new InMemoryStore();

    @Override
    protected StoreSnapshots snapshots() {
        return store;
    }

    @Override
    protected StoreLoads loads() {
        return store;
    }

    @Override
    protected void givenOnly(List<CatalogueEntry> pets, List<Order> orders) {
        store.replaceWith(pets, orders);
    }
}
