package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.InventoryItem;

/**
 * Lists the stock level of every pet in the store.
 */
public interface ListInventoryUseCase {

    /** Every inventory entry, in ascending {@code petId} order. */
    List<InventoryItem> listInventory();
}
