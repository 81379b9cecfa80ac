package org.petstore.inventory.application.port.outbound;

import java.util.Optional;
import java.util.stream.Stream;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * Where inventory entries are kept. Every persistence backend implements this port and passes its contract test.
 * Each method either completes or changes nothing; when the store cannot be reached, it throws
 * {@link StorageUnavailableException}.
 */
public interface InventoryRepository {

    /**
     * Every entry, in ascending {@code petId} order, read from the store while the stream is consumed: memory does
     * not grow with the number of entries.
     *
     * <p>The caller must close the stream (try-with-resources), whether it read it to the end or not: closing
     * releases what the open read holds in the store (a database cursor and its pooled connection). Closing is
     * idempotent and may happen on any thread, also while another thread is reading. The stream itself, and its
     * iterator, are for one thread at a time.
     *
     * @throws StorageUnavailableException when the store cannot be reached to start the read; a failure after
     *         that surfaces from the stream's traversal (also as {@link StorageUnavailableException} when the
     *         store went away)
     */
    Stream<InventoryItem> streamAll();

    Optional<InventoryItem> findByPetId(PetId petId);

    /**
     * Sets the quantity of the pet's entry, atomically and durably, and returns the entry as stored, with its pet's
     * current status. Only the quantity changes, and nothing is created: for a pet without an entry the result is
     * empty and the store is unchanged.
     */
    Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity);
}
