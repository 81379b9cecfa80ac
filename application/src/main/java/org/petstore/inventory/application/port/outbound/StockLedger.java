package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/**
 * The stock ledger: every change of an entry's quantity, recorded by the {@link InventoryRepository} in the same
 * atomic step as the change. Change ids increase over the whole store in the order in which the changes were made
 * (committed), across every instance of the service on one database: a reader that has seen change {@code n} has
 * seen every change before it, and each later change has a larger id. Changes older than the retention period are
 * removed, oldest first ({@link #removedThrough()}).
 */
public interface StockLedger {

    /**
     * The pet's changes with an id below {@code beforeChangeId}, newest first, at most {@code limit} of them
     * ({@code Long.MAX_VALUE}: from the newest). Empty when there are none.
     */
    List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit);

    /** The changes with an id above {@code afterChangeId} (0: from the first), oldest first, at most {@code limit}. */
    List<StockChange> changesAfter(long afterChangeId, int limit);

    /**
     * How far retention has removed the ledger: every change up to this id is gone, every later one is kept (0: none
     * removed). It only grows.
     */
    long removedThrough();

    /** The id of the newest change recorded (0: none yet). */
    long newestChangeId();
}
