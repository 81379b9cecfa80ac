package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * Lists the stock level of every pet in the store, and tells whether the list has changed.
 */
public interface ListInventoryUseCase {

    /**
     * Every inventory entry, in ascending {@code petId} order, read as the snapshot's stream is consumed, with the
     * {@link InventoryVersion} of exactly those entries. The caller closes the snapshot, read to the end or not (from
     * any thread); the stream is for one thread at a time.
     */
    InventorySnapshot listInventory();

    /**
     * The version the list has right now, without reading the list: equal to the version of a
     * {@link #listInventory()} made at the same moment. A caller that holds a list of this version holds the
     * current one.
     */
    InventoryVersion currentInventoryVersion();
}
