package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.petstore.inventory.application.port.inbound.CreatedWebhook;
import org.petstore.inventory.domain.webhook.Webhook;

/**
 * A webhook just created, with its signing secret: the answer of {@code POST /v1/webhooks}, one of the two places the
 * secret is shown (a rotation's answer is the other). Members in this order, every member always.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "CreatedWebhook", description = "Experimental: a webhook just created, with its signing secret, "
        + "shown only here")
record CreatedWebhookResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = WebhookResponse.ID,
                example = "whk-3f2a0c1b2d3e")
        String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = WebhookResponse.URL,
                example = "https://shop.example.com/hooks/stock")
        String url,
        @ArraySchema(schema = @Schema(type = "string", allowableValues = "inventory.count.updated"),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                        description = WebhookResponse.EVENTS))
        List<String> events,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                description = "What the webhook is for; null: none", example = "stock to the web shop")
        @Nullable String description,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Whether deliveries are sent: true")
        boolean enabled,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the webhook was created (RFC 3339, UTC); it is delivered every change made "
                        + "after it")
        String createdAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = SECRET,
                example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        String secret) {

    static final String SECRET = "The signing secret: whsec_ and the base64 of 32 random bytes. Each delivery's "
            + "webhook-signature is v1, and the base64 of the HMAC-SHA256 of '<webhook-id>.<webhook-timestamp>.<body>' "
            + "keyed with the base64-decoded bytes after whsec_ (Standard Webhooks v1). Shown only in this answer: "
            + "keep it where the receiver can read it";

    static CreatedWebhookResponse of(CreatedWebhook created) {
        Webhook webhook = created.webhook();
        return new CreatedWebhookResponse(webhook.id().value(), webhook.url().toString(),
                WebhookResponse.wireNames(webhook), webhook.description(), webhook.enabled(),
                webhook.createdAt().toString(), created.secret().text());
    }
}
