package org.petstore.inventory.adapter.http.inventory;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The specification's {@code InventoryUpdate} request body, as the OpenAPI document shows it. The controller reads
 * the body strictly with {@link InventoryUpdateReader}, which enforces exactly this shape.
 */
@Schema(name = "InventoryUpdate", description = "The new stock count of one pet, and optionally why; no other "
        + "member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryUpdate(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "The new stock count", minimum = "0", maximum = "2147483647")
        int quantity,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Experimental: why the count changes, recorded in the stock ledger with the change "
                        + "(GET /v1/inventory/{petId}/changes); left out: no reason",
                type = "string", allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        String reason) {
}
