package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.petstore.inventory.adapter.http.security.ActingKey;

/**
 * The key that calls, as {@code GET /v1/keys/self} answers: which key it is, its scopes and its expiry, so that a
 * client can tell why it got a 403. Members in this order, every member always.
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
                "keys:admin"}), arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = KeyResponse.SCOPES))
        List<String> scopes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = KeyResponse.EXPIRES_AT)
        @Nullable String expiresAt) {

    static CallingKeyResponse of(ActingKey key) {
        return new CallingKeyResponse(key.id(), key.kind().wireName(), key.name(), key.scopes().wireNames(),
                KeyResponse.text(key.expiresAt()));
    }
}
