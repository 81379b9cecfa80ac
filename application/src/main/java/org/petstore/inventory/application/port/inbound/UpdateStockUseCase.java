package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;

/**
 * Sets the stock count of one pet: new arrivals, returns, manual adjustments.
 */
public interface UpdateStockUseCase {

    /**
     * Sets the quantity of an existing entry and returns the entry as stored. Only the quantity changes.
     *
     * @throws InventoryItemNotFoundException when no entry tracks the pet; nothing is created
     */
    InventoryItem updateStock(UpdateStockCommand command);
}
