package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/**
 * Reads the stock ledger: the history of one entry, and the feed of every change in the order they were made, which
 * a mirror of the stock follows with a cursor.
 */
public interface ReadStockChangesUseCase {

    /** Most changes one read returns. */
    int MAX_LIMIT = 500;

    /**
     * The pet's changes with an id below {@code beforeChangeId} ({@code Long.MAX_VALUE}: from the newest), newest
     * first, at most {@code limit} (1 to {@link #MAX_LIMIT}).
     *
     * @throws InventoryEntryNotFoundException when no entry tracks the pet
     */
    List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit);

    /**
     * The changes with an id above {@code afterChangeId} (0: from the first), oldest first, at most {@code limit} (1 to
     * {@link #MAX_LIMIT}).
     *
     * @throws ExpiredChangeCursorException when changes after the cursor are no longer kept
     */
    List<StockChange> changesAfter(long afterChangeId, int limit);
}
