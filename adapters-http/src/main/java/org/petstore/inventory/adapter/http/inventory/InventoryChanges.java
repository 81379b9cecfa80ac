package org.petstore.inventory.adapter.http.inventory;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * The body of a batch of changes ({@code POST /v1/inventory/changes}), as the OpenAPI document shows it. The
 * controller reads the body strictly with {@link StockMovementReader}, which enforces exactly this shape.
 */
@Schema(name = "InventoryChanges", description = "Experimental: 1 to 100 changes of stock, made all or nothing, "
        + "each pet at most once, and optionally why; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryChanges(
        @ArraySchema(minItems = 1, maxItems = 100, schema = @Schema(implementation = Change.class),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                        description = "The changes, made in this order; the answer lists the entries in the same "
                                + "order"))
        List<Change> changes,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Why the counts change, recorded in the stock ledger with every change that gives no "
                        + "reason of its own; left out: no reason",
                type = "string", allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        String reason) {

    /** One change of the batch: a pet, and either a delta or a new count. */
    @Schema(name = "InventoryChange", description = "Experimental: one change of a batch, the pet and exactly one "
            + "of delta and quantity; no other member is accepted",
            additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
    record Change(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "1",
                    description = "ID of the pet whose count changes")
            long petId,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, format = "int32",
                    minimum = "-2147483647", maximum = "2147483647", description = "The change of the count, never "
                            + "0 (as an adjustment's delta); not with quantity")
            Integer delta,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, format = "int32",
                    minimum = "0", maximum = "2147483647",
                    description = "The new count (as an update's quantity); not with delta")
            Integer quantity,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                    description = "Why this pet's count changes; left out: the batch's reason",
                    type = "string", allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
            String reason) {
    }
}
