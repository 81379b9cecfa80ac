package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;

/** A row of the {@code store_order} table. */
@MappedEntity(value = "store_order", escape = false)
record OrderRow(@Id long id, long petId, int quantity, Instant shipDate, String status, boolean complete) {
}
