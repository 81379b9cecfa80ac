package org.petstore.inventory.adapter.in.http.inventory;

import io.micronaut.serde.annotation.Serdeable;
import org.petstore.inventory.domain.InventoryItem;

/**
 * The specification's {@code InventoryItem} on the wire.
 */
@Serdeable
record InventoryItemResponse(long petId, int quantity, String status) {

    static InventoryItemResponse from(InventoryItem item) {
        return new InventoryItemResponse(item.petId().value(), item.quantity().value(), item.status().wireValue());
    }
}
