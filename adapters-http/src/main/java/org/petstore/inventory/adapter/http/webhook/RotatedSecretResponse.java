package org.petstore.inventory.adapter.http.webhook;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.application.port.inbound.RotatedWebhookSecret;

/**
 * A webhook's new signing secret: the answer of {@code POST /v1/webhooks/{id}/secret-rotation}, the one place the new
 * secret is shown, and until when the previous one signs beside it.
 */
@Serdeable.Serializable
@Schema(name = "RotatedWebhookSecret", description = "Experimental: a webhook's new signing secret, shown only here")
record RotatedSecretResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The new signing secret, whsec_ and the "
                + "base64 of 32 random bytes; shown only in this answer",
                example = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        String secret,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time", description = "Until when every "
                + "delivery carries a second signature, with the previous secret, beside the new one (24 hours "
                + "from now; RFC 3339, UTC): the receiver may switch to the new secret at any time before")
        String previousSecretValidUntil) {

    static RotatedSecretResponse of(RotatedWebhookSecret rotated) {
        return new RotatedSecretResponse(rotated.secret().text(), rotated.previousValidUntil().toString());
    }
}
