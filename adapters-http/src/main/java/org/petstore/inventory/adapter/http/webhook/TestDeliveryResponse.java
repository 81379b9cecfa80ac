package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.domain.webhook.AttemptResult;

/**
 * How a {@code webhook.test} delivery went: the answer of {@code POST /v1/webhooks/{id}/test}, the receiver's status
 * code or the error, and how long it took; never the receiver's answer. Every member always.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "WebhookTestResult", description = "Experimental: how a test delivery went; never the receiver's "
        + "answer")
record TestDeliveryResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, minimum = "100", maximum = "599",
                description = DeliveryAttemptResponse.STATUS, example = "204")
        @Nullable Integer status,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, type = "string",
                allowableValues = {"timeout", "refused", "redirect_refused", "address_refused", "tls", "network"},
                description = DeliveryAttemptResponse.ERROR)
        @Nullable String error,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "0",
                description = "How long the attempt took, in milliseconds", example = "12")
        long durationMs) {

    static TestDeliveryResponse of(AttemptResult result) {
        return new TestDeliveryResponse(result.status(), DeliveryAttemptResponse.wireName(result.error()),
                result.duration().toMillis());
    }
}
