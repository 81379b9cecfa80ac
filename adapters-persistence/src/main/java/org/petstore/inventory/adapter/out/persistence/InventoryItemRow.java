package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

/**
 * A row of the {@code inventory_item} table.
 */
@MappedEntity(value = "inventory_item", escape = false)
record InventoryItemRow(@Id long petId, int quantity, String status) {
}
