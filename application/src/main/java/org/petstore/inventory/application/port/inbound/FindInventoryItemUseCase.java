package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * Reads the stock level of one pet, with the version of its entry.
 */
public interface FindInventoryItemUseCase {

    /**
     * @throws InventoryItemNotFoundException when no entry tracks the pet
     */
    InventoryItem findInventoryItem(PetId petId);
}
