package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.StaleInventoryEntryException;

/**
 * Sets the stock count of one pet: new arrivals, returns, manual adjustments.
 */
public interface UpdateStockUseCase {

    /**
     * Sets the quantity of an existing entry, if it is at a version the command expects, and returns the entry as
     * stored, at its next version; a set to the count the entry has changes nothing (the entry keeps its version,
     * nothing is recorded) and returns the entry as it is. Only the quantity (and so the version) changes. The check of the version and the
     * change are one atomic step: of several updates expecting the same version, one succeeds.
     *
     * @throws InventoryEntryNotFoundException when no entry tracks the pet; nothing is created
     * @throws StaleInventoryEntryException    when the entry is at none of the expected versions; nothing changes
     */
    InventoryEntry updateStock(UpdateStockCommand command);
}
