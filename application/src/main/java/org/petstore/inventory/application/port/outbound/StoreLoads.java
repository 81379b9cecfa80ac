package org.petstore.inventory.application.port.outbound;

/** Loads pets, stock and orders into the store (the configured one), all or nothing. */
public interface StoreLoads {

    /**
     * Begins a load: one transaction of the store, holding nothing staged yet. The caller must close it; a load
     * closed without {@link StoreLoad#commit()} changes nothing.
     *
     * @param withOrders whether the load includes orders: then the staged orders are applied (in replace, they
     *                   become exactly the store's orders); else the store's orders are left as they are
     * @throws StorageUnavailableException when the store cannot be reached
     */
    StoreLoad beginLoad(boolean withOrders);
}
