package org.petstore.inventory.adapter.http.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What a {@code webhook.test} delivery tells, for the OpenAPI document ({@link WebhookTestEvent}).
 */
@Schema(name = "WebhookTestData", description = "Experimental: what a webhook.test delivery tells")
record WebhookTestData(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = WebhookResponse.ID,
                example = "whk-3f2a0c1b2d3e")
        String webhookId) {
}
