package org.petstore.inventory.adapter.http.inventory;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.adapter.http.PetStatus;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * The specification's {@code InventoryEntry} on the wire: Micronaut serde writes it, members in this order, and the
 * OpenAPI document shows it. A new member of an entry is a new component here (and a column in the statement that
 * reads entries).
 */
@Serdeable.Serializable
@Schema(name = "InventoryItem", description = "The stock level of one pet")
record InventoryItemResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "ID of the animal this entry tracks", minimum = "1")
        long petId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Current stock count", minimum = "0")
        int quantity,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) PetStatus status) {

    static InventoryItemResponse of(InventoryEntry item) {
        return new InventoryItemResponse(item.petId().value(), item.quantity().value(), PetStatus.of(item.status()));
    }
}
