package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.application.port.inbound.CreateWebhookCommand;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The body of {@code POST /v1/webhooks}, bound by serde as the OpenAPI document shows it (no other member, each once,
 * {@link StrictValues strict values}); the domain judges the values (an absolute URL, known event types, a short
 * description) and the use case where the URL's host leads.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "WebhookCreation", description = "Experimental: a webhook to create; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record WebhookCreation(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = WebhookUrl.MAX_LENGTH,
                description = WebhookResponse.URL, example = "https://shop.example.com/hooks/stock")
        @Serdeable.Deserializable(using = StrictValues.Text.class)
        String url,
        // the event types are named in the description, not as an enum: OpenAPI Generator's Java client does not
        // compile a request body with an array of an inline enum (GeneratedClientEndToEndTest)
        @ArraySchema(minItems = 1, uniqueItems = true, schema = @Schema(type = "string",
                example = "inventory.count.updated"), arraySchema = @Schema(
                        requiredMode = Schema.RequiredMode.REQUIRED, description = WebhookResponse.EVENTS))
        @Serdeable.Deserializable(using = StrictValues.Texts.class)
        List<String> events,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = true,
                maxLength = Webhook.MAX_DESCRIPTION, description = "What the webhook is for, for people: at most "
                        + Webhook.MAX_DESCRIPTION + " characters without control characters; left out, null or "
                        + "blank: none", example = "stock to the web shop")
        @Serdeable.Deserializable(using = WebhookValues.Description.class)
        @Nullable String description) {

    WebhookCreation {
        StrictValues.require(url, "url");
        StrictValues.require(events, "events");
    }

    /** The webhook to create; the domain refuses a URL, an event type or a description that is not valid (400). */
    CreateWebhookCommand command() {
        return new CreateWebhookCommand(url, events, description);
    }
}
