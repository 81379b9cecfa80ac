package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.application.port.inbound.UpdateWebhookCommand;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The body of {@code PATCH /v1/webhooks/{id}}, bound by serde as the OpenAPI document shows it (no other member, each
 * once, {@link StrictValues strict values}): what to change, at least one member; a member left out stays as it is,
 * and a description of {@code null} (read as {@code ""}) removes it. An empty object is refused, as an update of a key
 * without its quota is.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "WebhookUpdate", description = "Experimental: what changes of a webhook, at least one member; a "
        + "member left out stays as it is; no other member is accepted", minProperties = 1,
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record WebhookUpdate(
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, minLength = 1,
                maxLength = WebhookUrl.MAX_LENGTH, description = "Another receiver URL, checked as at creation; "
                        + "the pending delivery, if any, goes there as it was formed",
                example = "https://shop.example.com/hooks/stock")
        @Serdeable.Deserializable(using = StrictValues.Text.class)
        @Nullable String url,
        @ArraySchema(minItems = 1, uniqueItems = true, schema = @Schema(type = "string",
                example = "inventory.count.updated"), arraySchema = @Schema(
                        requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                        description = "Other event types. " + WebhookResponse.EVENTS))
        @Serdeable.Deserializable(using = StrictValues.Texts.class)
        List<String> events, // not @Nullable, so that the document does not offer null (a body without it is null)
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = true,
                maxLength = Webhook.MAX_DESCRIPTION, description = "Another description, at most "
                        + Webhook.MAX_DESCRIPTION + " characters without control characters; null or blank removes "
                        + "it", example = "stock to the web shop")
        @Serdeable.Deserializable(using = WebhookValues.Description.class)
        @Nullable String description,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, description = "false stops the "
                + "deliveries; true resumes them from the cursor, nothing skipped, the pending delivery's attempts "
                + "counted afresh (410 CURSOR_EXPIRED when the ledger no longer keeps the changes after the cursor)",
                example = "true")
        @Serdeable.Deserializable(using = WebhookValues.Flag.class)
        @Nullable Boolean enabled) {

    WebhookUpdate {
        if (url == null && events == null && description == null && enabled == null) {
            throw new StrictValues.InvalidBody("The body must name at least one of url, events, description and "
                    + "enabled", true);
        }
    }

    /** What to change; the domain refuses a value that is not valid (400). */
    UpdateWebhookCommand command() {
        return new UpdateWebhookCommand(Optional.ofNullable(url), Optional.ofNullable(events),
                Optional.ofNullable(description), Optional.ofNullable(enabled));
    }
}
