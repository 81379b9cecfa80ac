package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.domain.quota.InvalidQuotaException;
import org.petstore.inventory.domain.quota.Quota;

/**
 * A key's quota on the wire: read from the {@code quota} member of {@code POST /v1/keys} and {@code PATCH
 * /v1/keys/{id}} ({@link KeyValues.QuotaMember}: no other member, each once, {@link StrictValues strict values}; the
 * domain judges the bounds), and written, every member, in the key responses.
 */
@Serdeable
@JsonIgnoreProperties(ignoreUnknown = false)
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(description = "Experimental: a managed key's quota, a sustained rate with a burst, and how "
        + "many live feeds it may hold open; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record KeyQuota(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "integer", format = "int32", minimum = "1",
                maximum = "" + Quota.MAX_PER_SECOND, description = "Requests a second, sustained (a batch costs one "
                        + "per change)", example = "50")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        BigInteger perSecond,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, type = "integer",
                format = "int32", minimum = "1", maximum = "" + Quota.MAX_BURST, description = "Requests at once "
                        + "after a pause; left out: twice perSecond", example = "100")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        @Nullable BigInteger burst,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, type = "integer",
                format = "int32", minimum = "1", maximum = "" + Quota.MAX_LIVE_FEEDS, description = "Live feeds "
                        + "(the stock ledger's live SSE stream) open at once; left out: "
                        + Quota.DEFAULT_LIVE_FEEDS, example = "8")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        @Nullable BigInteger liveFeeds) {

    KeyQuota {
        StrictValues.require(perSecond, "perSecond");
    }

    static KeyQuota of(Quota quota) {
        return new KeyQuota(BigInteger.valueOf(quota.perSecond()), BigInteger.valueOf(quota.burst()),
                BigInteger.valueOf(quota.liveFeeds()));
    }

    /** The quota it names, burst and live feeds filled in when left out; the domain refuses one out of bounds (400). */
    Quota quota() {
        int rate = bounded(perSecond, "perSecond", Quota.MAX_PER_SECOND);
        Quota plain = Quota.of(rate);
        return new Quota(rate, burst == null ? plain.burst() : bounded(burst, "burst", Quota.MAX_BURST),
                liveFeeds == null ? plain.liveFeeds() : bounded(liveFeeds, "liveFeeds", Quota.MAX_LIVE_FEEDS));
    }

    /** The number for the domain to judge; one beyond an {@code int} is out of bounds as written. */
    private static int bounded(BigInteger value, String member, int max) {
        if (value.bitLength() >= Integer.SIZE) {
            throw new InvalidQuotaException(member + " must be from 1 to " + max + ", got "
                    + EchoedInput.value(value.toString()));
        }
        return value.intValue();
    }
}
