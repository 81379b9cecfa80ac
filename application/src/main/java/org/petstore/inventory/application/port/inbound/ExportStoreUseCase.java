package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.StoreSize;

/** Takes a copy of the whole store (every pet with its stock and, when asked, every order) from one snapshot. */
public interface ExportStoreUseCase {

    /**
     * Reads the store in one consistent snapshot and hands it to the sink: first its size, then every pet in
     * ascending {@code petId} order, then, when {@code withOrders}, every order in ascending {@code id} order. The
     * pets and orders are read from the store as the sink takes them: memory does not grow with the store.
     *
     * @return what was handed to the sink
     * @throws org.petstore.inventory.application.port.outbound.StorageUnavailableException when the store cannot be
     *         reached; a failure of the sink propagates as it is
     */
    StoreSize exportStore(boolean withOrders, ExportSink sink);
}
