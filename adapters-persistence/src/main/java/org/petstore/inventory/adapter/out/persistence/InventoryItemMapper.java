package org.petstore.inventory.adapter.out.persistence;

import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * Converts between table rows and the domain.
 */
final class InventoryItemMapper {

    private InventoryItemMapper() {
    }

    static InventoryItem toDomain(InventoryItemRow row) {
        PetStatus status = PetStatus.fromWireValue(row.status()).orElseThrow(() -> new IllegalStateException(
                "inventory_item " + row.petId() + " has an unknown status '" + row.status() + "'"));
        return new InventoryItem(PetId.of(row.petId()), Quantity.of(row.quantity()), status);
    }
}
