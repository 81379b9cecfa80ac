package org.petstore.inventory.adapter.http.inventory;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of an adjustment ({@code POST /v1/inventory/{petId}/adjustments}), as the OpenAPI document shows it. The
 * controller reads the body strictly with {@link StockMovementReader}, which enforces exactly this shape.
 */
@Schema(name = "InventoryAdjustment", description = "Experimental: by how much one pet's stock count changes, and "
        + "optionally why; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryAdjustment(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int32", minimum = "-2147483647",
                maximum = "2147483647", description = "The change of the count, never 0: negative when pets leave "
                        + "the store (a sale, a loss), positive when they come in (an arrival, a return)")
        int delta,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Why the count changes, recorded in the stock ledger with the change; left out: no "
                        + "reason",
                type = "string", allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        String reason) {
}
