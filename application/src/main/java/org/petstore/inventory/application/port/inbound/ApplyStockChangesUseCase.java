package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.RefusedBatchChangeException;

/**
 * Applies a batch of stock changes (deltas and counts) all or nothing, as a till closing a sale of several pets or a
 * delivery of several kinds.
 */
public interface ApplyStockChangesUseCase {

    /**
     * Makes every change of the batch in one atomic step, or none, and returns the entries as stored, in the order of
     * the changes. The changes get consecutive records in the stock ledger. With an idempotency key, a retry of the
     * same request gets the first one's outcome again and changes nothing.
     *
     * @throws RefusedBatchChangeException     when a change is refused (its pet has no entry, its delta would take
     *                                         the count out of range); it names the change, and nothing changed
     * @throws IdempotencyKeyConflictException when the key's first request is still running, or was another request
     */
    List<InventoryEntry> applyStockChanges(StockChangesCommand command);
}
