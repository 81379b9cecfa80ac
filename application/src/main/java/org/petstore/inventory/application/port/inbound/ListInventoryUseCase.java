package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * Lists the stock level of every pet in the store, and tells whether the list has changed.
 */
public interface ListInventoryUseCase {

    /** Every inventory entry, in ascending {@code petId} order, as an {@link InventorySnapshot} the caller closes. */
    InventorySnapshot listInventory();

    /**
     * The version the list has right now, without reading the list: equal to the version of a
     * {@link #listInventory()} made at the same moment. A caller that holds a list of this version holds the
     * current one.
     */
    InventoryVersion currentInventoryVersion();
}
