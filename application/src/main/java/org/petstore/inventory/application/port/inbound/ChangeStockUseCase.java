package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.InvalidIdempotencyKeyException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.RefusedBatchChangeException;

/**
 * Changes stock: one entry (a count set, a count moved by a delta) or a batch of entries all or nothing, with or
 * without a condition on each entry's version, with or without an idempotency key.
 */
public interface ChangeStockUseCase {

    /**
     * Makes every change of the command in one atomic step, or none, and returns the entries as stored, in the order
     * of the changes, each decided by the domain's rule ({@code EntryChange#decide}): one that leaves a count as it is
     * changes nothing; the others are recorded in the stock ledger. With an idempotency key, a retry of the same
     * request gets the first one's outcome again (the same entries, or the same refusal) and changes nothing. The
     * checks come in the order of the exceptions below.
     *
     * @throws ConditionRequiredException        when the service accepts only conditional changes and one has none
     * @throws InvalidIdempotencyKeyException    when the key the client sent cannot be read
     * @throws IdempotencyKeyConflictException   when the key's first request is still running, or was another one
     * @throws RefusedBatchChangeException       when a change of a batch is refused; it names the change
     * @throws org.petstore.inventory.domain.DomainException the refusal of a change that is not a batch's (its entry
     *         not found, stale, insufficient stock, above the limit: {@code ChangeDecision.Refusal#exception})
     */
    List<InventoryEntry> changeStock(ChangeStockCommand command);
}
