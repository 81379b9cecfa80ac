package org.petstore.inventory.adapter.http.key;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** Every managed key, revoked ones included, oldest first: the answer of {@code GET /v1/keys}. */
@Serdeable.Serializable
@Schema(name = "ApiKeyList", description = "Experimental: the managed API keys")
record KeyListResponse(
        @ArraySchema(schema = @Schema(implementation = KeyResponse.class), arraySchema = @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED, description = "Every managed key, revoked ones "
                        + "included, oldest first"))
        List<KeyResponse> keys) {
}
