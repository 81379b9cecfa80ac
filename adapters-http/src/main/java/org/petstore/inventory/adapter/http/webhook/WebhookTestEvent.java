package org.petstore.inventory.adapter.http.webhook;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of a {@code webhook.test} delivery, for the OpenAPI document (the callback {@code webhookTest} of
 * {@code createWebhook}); the body is rendered by {@code webhook.delivery}.
 */
@Schema(name = "WebhookTestEvent", description = "Experimental: the body of a webhook.test delivery, sent only "
        + "when POST /v1/webhooks/{id}/test asks for it")
record WebhookTestEvent(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "string", allowableValues = "webhook.test",
                description = "The event type")
        String type,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the test was asked for (RFC 3339, UTC)")
        String timestamp,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What the event tells")
        WebhookTestData data) {
}
