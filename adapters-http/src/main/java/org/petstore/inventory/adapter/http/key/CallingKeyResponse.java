package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.petstore.inventory.adapter.http.security.ActingKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;

/**
 * The key that calls, as {@code GET /v1/keys/self} answers: which key it is, its scopes and its expiry, so that a
 * client can tell why it got a 403. Members in this order, every member always but the quota's, left out for
 * a configured key and when none applies.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "CallingApiKey", description = "Experimental: the API key that sent the request")
record CallingKeyResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = KeyResponse.ID,
                example = "key-3f2a0c1b2d3e")
        String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "string",
                allowableValues = {"configured", "managed"}, description = "configured: a key of "
                        + "PETSTORE_API_KEYS, which holds every scope; managed: a key of this API")
        String kind,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                description = "What the key is for; null for a configured key")
        @Nullable String name,
        @ArraySchema(schema = @Schema(type = "string", allowableValues = {"inventory:read", "inventory:write",
                "keys:admin", "webhooks:admin"}), arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = KeyResponse.SCOPES))
        List<String> scopes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = KeyResponse.EXPIRES_AT)
        @Nullable String expiresAt,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED,
                description = KeyResponse.QUOTA + "; left out for a configured key, which has no quota")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable KeyQuota quota,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = KeyResponse.QUOTA_IS_DEFAULT
                + "; left out for a configured key")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable Boolean quotaIsDefault) {

    /** A configured key: no quota. */
    static CallingKeyResponse configured(ActingKey key) {
        return new CallingKeyResponse(key.id(), key.kind().wireName(), key.name(), key.scopes().wireNames(),
                KeyResponse.text(key.expiresAt()), null, null);
    }

    /** A managed key, with the quota that applies to it. */
    static CallingKeyResponse managed(ActingKey acting, LimitRequestsUseCase limits) {
        return new CallingKeyResponse(acting.id(), acting.kind().wireName(), acting.name(),
                acting.scopes().wireNames(), KeyResponse.text(acting.expiresAt()),
                KeyResponse.quota(acting.quota(), limits), KeyResponse.quotaIsDefault(acting.quota(), limits));
    }
}
