package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.petstore.inventory.application.port.inbound.IssuedKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.domain.access.ApiKey;

/**
 * A key with the new secret a rotation issued: the answer of {@code POST /v1/keys/{id}/rotation}, the one place the
 * new secret is shown, and until when the old one keeps working. Members in this order, every member always but the quota's, left out when none applies.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "RotatedApiKey", description = "Experimental: a key with its new secret, shown only here")
record RotatedKeyResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = KeyResponse.ID,
                example = "key-3f2a0c1b2d3e")
        String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What the key is for", example = "till-3")
        String name,
        @ArraySchema(schema = @Schema(type = "string", allowableValues = {"inventory:read", "inventory:write",
                "keys:admin", "webhooks:admin"}), arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = KeyResponse.SCOPES))
        List<String> scopes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the key was created (RFC 3339, UTC)")
        String createdAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = KeyResponse.EXPIRES_AT)
        @Nullable String expiresAt,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED,
                description = KeyResponse.QUOTA)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable KeyQuota quota,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = KeyResponse.QUOTA_IS_DEFAULT)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable Boolean quotaIsDefault,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "The new secret. " + IssuedKeyResponse.SECRET)
        String key,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the old secret stops working: now plus the overlap (RFC 3339, UTC)")
        String previousKeyExpiresAt) {

    static RotatedKeyResponse of(IssuedKey issued, LimitRequestsUseCase limits) {
        ApiKey key = issued.key();
        return new RotatedKeyResponse(key.id().value(), key.name().value(), key.scopes().wireNames(),
                key.createdAt().toString(), KeyResponse.text(key.expiresAt()), KeyResponse.quota(key.quota(), limits),
                KeyResponse.quotaIsDefault(key.quota(), limits), issued.secret(),
                String.valueOf(issued.previousSecretsUntil()));
    }
}
