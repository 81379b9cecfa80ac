package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.application.port.inbound.DeliveryAttemptView;
import org.petstore.inventory.domain.webhook.DeliveryError;

/**
 * One attempt of a webhook's delivery log on the wire: what was sent (which changes), when, and what came of it, the
 * receiver's status code or the error; never the body sent, never the receiver's answer (OWASP API7). Members in
 * this order, every member always (an absent value as {@code null}).
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "WebhookDeliveryAttempt", description = "Experimental: one attempt to deliver to a webhook's "
        + "receiver; never the receiver's answer")
record DeliveryAttemptResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "1", description = "The "
                + "attempt's place in the log, increasing over every attempt: the next page's before")
        long attemptId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = WebhookResponse.ID,
                example = "whk-3f2a0c1b2d3e")
        String webhookId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The delivery's webhook-id header: the "
                + "same for every attempt of one delivery, which receivers use to drop a repeat",
                example = "msg_p5jXN8AQM9LWM0D4loKWxJek")
        String deliveryId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "int64", minimum = "1",
                description = "The changeId of the first change the delivery carries; null for a webhook.test")
        @Nullable Long firstChangeId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "int64", minimum = "1",
                description = "The changeId of the last change it carries; null for a webhook.test")
        @Nullable Long lastChangeId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1",
                description = "Which attempt of the delivery this was, from 1")
        int attempt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the attempt started (RFC 3339, UTC)")
        String at,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, minimum = "100", maximum = "599",
                description = STATUS, example = "204")
        @Nullable Integer status,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, type = "string",
                allowableValues = {"timeout", "refused", "redirect_refused", "address_refused", "tls", "network"},
                description = ERROR)
        @Nullable String error,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "int64", minimum = "0",
                description = "How long the attempt took, in milliseconds", example = "12")
        long durationMs) {

    static final String STATUS = "The receiver's status code (2xx: delivered; 3xx is a failure, redirects are never "
            + "followed); null when error is set";
    static final String ERROR = "Why the receiver gave no answer: timeout (none within 10 s), refused (nothing "
            + "listens), redirect_refused, address_refused (the host resolves to an address webhooks may not go to), "
            + "tls (the certificate is not trusted or names another host), network; null when status is set";

    static DeliveryAttemptResponse of(DeliveryAttemptView attempt) {
        return new DeliveryAttemptResponse(attempt.attemptId(), attempt.webhookId().value(), attempt.deliveryId(),
                attempt.firstChangeId(), attempt.lastChangeId(), attempt.attempt(), attempt.at().toString(),
                attempt.status(), wireName(attempt.error()), attempt.duration().toMillis());
    }

    @Nullable
    static String wireName(@Nullable DeliveryError error) {
        return error == null ? null : error.wireName();
    }
}
