package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.Webhook;

/**
 * A webhook on the wire, never its secret: Micronaut serde writes it, members in this order, every member always (an
 * absent value as {@code null}), and the OpenAPI document shows it.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "Webhook", description = "Experimental: a webhook subscription, without its secret")
record WebhookResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = ID, example = "whk-3f2a0c1b2d3e")
        String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = URL,
                example = "https://shop.example.com/hooks/stock")
        String url,
        @ArraySchema(schema = @Schema(type = "string", allowableValues = "inventory.count.updated"),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = EVENTS))
        List<String> events,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                description = "What the webhook is for; null: none", example = "stock to the web shop")
        @Nullable String description,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Whether deliveries are sent")
        boolean enabled,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, description = "Why the service "
                + "stopped the deliveries (the receiver answered 410 Gone, the retries ran out, the cursor expired); "
                + "null while enabled, and when an administrator disabled it", example = "receiver answered 410 Gone")
        @Nullable String disabledReason,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the webhook was created (RFC 3339, UTC)")
        String createdAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "0",
                description = "The changeId of the stock ledger's last change the receiver acknowledged (at "
                        + "creation, the newest change then): the next delivery starts after it", example = "1200")
        long cursor,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = "When the last attempt failed (RFC 3339, UTC); null since the last success, and when "
                        + "none failed")
        @Nullable String lastFailureAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, description = "How that attempt "
                + "failed: the receiver's status code (\"503\") or the error (timeout, refused, redirect_refused, "
                + "address_refused, tls, network); never the receiver's answer; null with lastFailureAt",
                example = "503")
        @Nullable String lastFailure) {

    static final String ID = "The webhook's id: whk- and 12 hex digits. Not a secret";
    static final String URL = "Where deliveries are POSTed: an absolute https:// URL (http:// only for a network "
            + "admitted by PETSTORE_WEBHOOK_ALLOWED_NETWORKS) without user information or fragment, at most 2048 "
            + "characters, whose host resolves only to public addresses (or to admitted networks)";
    static final String EVENTS = "The event types delivered, each once: inventory.count.updated (the stock ledger's "
            + "changes, 1 to 100 a delivery, in order)";

    static WebhookResponse of(Webhook webhook) {
        return new WebhookResponse(webhook.id().value(), webhook.url().toString(), wireNames(webhook),
                webhook.description(), webhook.enabled(), webhook.disabledReason(), webhook.createdAt().toString(),
                webhook.cursor(), text(webhook.lastFailureAt()), webhook.lastFailure());
    }

    /** The event types' wire names, in their enum's order. */
    static List<String> wireNames(Webhook webhook) {
        return webhook.events().stream().map(EventType::wireName).toList();
    }

    /** A time as the API writes it (RFC 3339, UTC), or null. */
    @Nullable
    static String text(@Nullable Instant at) {
        return at == null ? null : at.toString();
    }
}
