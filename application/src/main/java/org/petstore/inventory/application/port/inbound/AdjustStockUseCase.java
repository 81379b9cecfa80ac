package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockLevelException;

/**
 * Moves the stock count of one pet by a delta, as a store records a movement: "3 arrived", "1 sold".
 */
public interface AdjustStockUseCase {

    /**
     * Moves the count by the command's delta in one atomic step, whatever else changes the entry at the same time, and
     * returns the entry as stored, at its next version. With an idempotency key, a retry of the same request gets the
     * first one's outcome again (the entry as it was answered then, or the same refusal) and changes nothing.
     *
     * @throws InventoryEntryNotFoundException  when no entry tracks the pet; nothing is created
     * @throws StaleInventoryEntryException     when the entry is at none of the expected versions
     * @throws StockLevelException             when the count would leave 0 to 2,147,483,647
     * @throws IdempotencyKeyConflictException when the key's first request is still running, or was another request
     */
    InventoryEntry adjustStock(AdjustStockCommand command);
}
