package org.petstore.inventory.application.port.inbound;

import java.util.stream.Stream;
import org.petstore.inventory.domain.InventoryItem;

/**
 * Lists the stock level of every pet in the store.
 */
public interface ListInventoryUseCase {

    /**
     * Every inventory entry, in ascending {@code petId} order, read from the store as the stream is consumed.
     *
     * <p>The caller must close the stream (try-with-resources), whether it read it to the end or not: closing
     * releases the store's resources behind it (a database cursor and connection). Closing is idempotent and may
     * happen on any thread; the stream and its iterator are for one thread at a time.
     */
    Stream<InventoryItem> listInventory();
}
