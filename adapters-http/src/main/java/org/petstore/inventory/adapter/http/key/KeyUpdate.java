package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The body of {@code PATCH /v1/keys/{id}}, bound by serde as the OpenAPI document shows it (no other member, each
 * once, {@link StrictValues strict values}): the key's new quota, or {@code null} to give it the service's default.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "ApiKeyUpdate", description = "Experimental: what changes of a key; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record KeyUpdate(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                implementation = KeyQuota.class,
                description = "The key's new quota, or null for the service's default (PETSTORE_RATE_LIMIT); every "
                        + "instance applies it within seconds")
        @Serdeable.Deserializable(using = KeyValues.QuotaMember.class)
        @Nullable KeyValues.QuotaSetting quota) {

    KeyUpdate {
        StrictValues.require(quota, "quota");
    }

    /** The key's own quota; null: the service's default. */
    @Nullable
    Quota newQuota() {
        return quota.quota();
    }
}
