package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;

/**
 * An inventory entry as the queries read it: a row of {@code inventory_item} with the status of its pet.
 */
@MappedEntity(value = "inventory_item", escape = false)
record InventoryItemRow(@Id long petId, int quantity, String status) {
}
