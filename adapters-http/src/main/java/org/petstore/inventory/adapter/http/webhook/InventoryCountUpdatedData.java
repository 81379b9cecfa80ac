package org.petstore.inventory.adapter.http.webhook;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * What a delivery of {@code inventory.count.updated} tells, for the OpenAPI document ({@link InventoryCountUpdatedEvent}).
 */
@Schema(name = "InventoryCountUpdatedData", description = "Experimental: what an inventory.count.updated "
        + "delivery tells")
record InventoryCountUpdatedData(
        @ArraySchema(minItems = 1, maxItems = 100, schema = @Schema(implementation = WebhookStockChange.class),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "1 to 100 "
                        + "changes in ledger order (changeId increasing); the first carries previousChangeId: "
                        + "when it is not the last changeId received, changes were missed, to be read from "
                        + "GET /v1/inventory/changes?after=<previousChangeId>"))
        List<WebhookStockChange> changes) {
}
