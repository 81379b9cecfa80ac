package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.domain.access.KeyOverlap;

/**
 * The body of {@code POST /v1/keys/{id}/rotation}, bound by serde as the OpenAPI document shows it; none at all is an
 * overlap of {@code PT0S}: the old secret stops at once, the safe choice after a leak.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "ApiKeyRotation", description = "Experimental: how a key's secret is replaced; no other member is "
        + "accepted", additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record KeyRotation(
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, type = "string",
                format = "duration", description = "How long the old secret keeps working beside the new one, an "
                        + "ISO-8601 duration from PT0S to P7D; left out: PT0S, it stops at once", example = "PT24H")
        @Serdeable.Deserializable(using = StrictValues.Text.class)
        @Nullable String overlap) {

    /** No body: the old secret stops at once. */
    static final KeyRotation AT_ONCE = new KeyRotation(null);

    /** The overlap; the domain refuses one that is not a duration from 0 to 7 days (400). */
    KeyOverlap keyOverlap() {
        return overlap == null ? KeyOverlap.NONE : KeyOverlap.parse(overlap);
    }
}
