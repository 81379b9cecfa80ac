package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * Reads the stock level of one pet, with the version of its entry.
 */
public interface FindInventoryEntryUseCase {

    /**
     * @throws InventoryEntryNotFoundException when no entry tracks the pet
     */
    InventoryEntry findInventoryEntry(PetId petId);
}
