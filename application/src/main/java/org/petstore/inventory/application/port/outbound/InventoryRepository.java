package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * Where inventory entries are kept. Every persistence backend implements this port and passes its contract test.
 * Each method either completes or changes nothing; when the store cannot be reached, it throws
 * {@link StorageUnavailableException}.
 */
public interface InventoryRepository {

    /** Every entry, in ascending {@code petId} order. */
    List<InventoryItem> findAll();

    Optional<InventoryItem> findByPetId(PetId petId);

    /**
     * Stores the entry's quantity, atomically and durably, and returns the entry as stored. Never creates an entry.
     *
     * @throws InventoryItemNotFoundException when no entry tracks the pet
     */
    InventoryItem updateQuantity(InventoryItem item);
}
