package org.petstore.inventory.adapter.http.inventory;

import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.adapter.http.PetStatus;

/**
 * The specification's {@code InventoryItem} on the wire, as the OpenAPI document shows it. {@link InventoryJson}
 * writes it.
 */
@Schema(name = "InventoryItem", description = "The stock level of one pet")
record InventoryItemResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "ID of the animal this entry tracks", minimum = "1")
        long petId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Current stock count", minimum = "0")
        int quantity,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) PetStatus status) {
}
