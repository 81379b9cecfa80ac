package org.petstore.inventory.adapter.http.webhook;

import io.micronaut.core.annotation.Nullable;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A change of the stock ledger in a delivery, for the OpenAPI document ({@link InventoryCountUpdatedEvent}): a change
 * as {@code GET /v1/inventory/changes} shows it ({@code StockChange}), the first of a delivery with
 * {@code previousChangeId}. {@code OpenApiScopesTest} checks that the two schemas keep the same members.
 */
@Schema(name = "WebhookStockChange", description = "Experimental: a change of the stock ledger as a delivery "
        + "carries it: the StockChange of GET /v1/inventory/changes, the first of a delivery with "
        + "previousChangeId")
record WebhookStockChange(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "1",
                description = "The change's place in the ledger: increasing over the whole store in the order "
                        + "the changes were made")
        long changeId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "1",
                description = "ID of the pet")
        long petId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, minimum = "0",
                description = "The stock count before the change; null when the change created the entry")
        @Nullable Integer from,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0",
                description = "The stock count after it")
        int to,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "1",
                description = "The entry's version after the change (its ETag is \"<petId>.<version>\")")
        long version,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the database made the change (RFC 3339, UTC)")
        String at,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "string",
                allowableValues = {"api", "import"}, description = "api: a PATCH, an adjustment or a batch of "
                        + "changes; import: the import data command")
        String source,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, description = "For api: the id "
                + "of the API key that made the change (never the key itself)")
        @Nullable String keyId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                description = "For api: the X-Request-Id of the request that made the change")
        @Nullable String requestId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, type = "string",
                allowableValues = {"arrival", "return", "sale", "loss", "adjustment"},
                description = "The reason the request gave; null when it gave none")
        @Nullable String reason,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, format = "int64",
                minimum = "0",
                description = "Only on the first change of a delivery: the changeId delivered before it (the "
                        + "webhook's cursor; at creation, the newest change then)")
        @Nullable Long previousChangeId) {
}
