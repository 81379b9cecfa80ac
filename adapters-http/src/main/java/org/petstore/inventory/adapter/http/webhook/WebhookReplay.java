package org.petstore.inventory.adapter.http.webhook;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;

/**
 * The body of {@code POST /v1/webhooks/{id}/replay}, bound by serde as the OpenAPI document shows it (no other member,
 * {@link StrictValues strict values}): the change after which every change is delivered again.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "WebhookReplay", description = "Experimental: where a webhook's deliveries start again; no other "
        + "member is accepted", additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record WebhookReplay(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "integer", format = "int64", minimum = "0",
                description = "A changeId of the stock ledger: every change after it is delivered again, in order "
                        + "(0: from the first change kept); at most the newest changeId", example = "1200")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        BigInteger after) {

    WebhookReplay {
        StrictValues.require(after, "after");
    }

    /** The change id; one below 0 or beyond a {@code long} is no change id (400). */
    long afterChangeId() {
        if (after.signum() < 0 || after.bitLength() >= Long.SIZE) {
            throw new ApiException(ErrorCode.VALIDATION_FAILED, "after must be a changeId, an integer from 0 to "
                    + Long.MAX_VALUE + ", got " + EchoedInput.value(after.toString()));
        }
        return after.longValue();
    }
}
