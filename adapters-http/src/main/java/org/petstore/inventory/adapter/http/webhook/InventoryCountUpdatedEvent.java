package org.petstore.inventory.adapter.http.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of a delivery of {@code inventory.count.updated}, as the OpenAPI document describes it (the callback
 * {@code inventoryCountUpdated} of {@code createWebhook}); only the document reads this record: the body is rendered by
 * {@code webhook.delivery} ({@code WebhookPayloads}).
 */
@Schema(name = "InventoryCountUpdatedEvent", description = "Experimental: the body of a delivery of "
        + "inventory.count.updated: 1 to 100 changes of the stock ledger, in ledger order, each delivered after "
        + "the one before was acknowledged")
record InventoryCountUpdatedEvent(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "string",
                allowableValues = "inventory.count.updated", description = "The event type")
        String type,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the event happened: the last change's at (RFC 3339, UTC)")
        String timestamp,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What the event tells")
        InventoryCountUpdatedData data) {
}
