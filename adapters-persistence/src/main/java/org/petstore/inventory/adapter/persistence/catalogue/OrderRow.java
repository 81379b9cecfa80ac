package org.petstore.inventory.adapter.persistence.catalogue;

import io.micronaut.data.annotation.Id;
import io.micronaut.data.annotation.MappedEntity;
import java.time.Instant;
import org.petstore.inventory.adapter.persistence.StoreMapper;
import org.petstore.inventory.domain.Order;

/** A row of the {@code store_order} table. */
@MappedEntity(value = "store_order", escape = false)
record OrderRow(@Id long id, long petId, int quantity, Instant shipDate, String status, boolean complete) {

    Order toDomain() {
        return StoreMapper.order(id, petId, quantity, shipDate, status, complete);
    }
}
