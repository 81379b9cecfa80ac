package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Every webhook, oldest first: the answer of {@code GET /v1/webhooks}; none is {@code {"webhooks":[]}}. */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS) // serde leaves an empty list out by default
@Schema(name = "WebhookList", description = "Experimental: the webhooks")
record WebhookListResponse(
        @ArraySchema(schema = @Schema(implementation = WebhookResponse.class), arraySchema = @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED, description = "Every webhook, oldest first"))
        List<WebhookResponse> webhooks) {
}
