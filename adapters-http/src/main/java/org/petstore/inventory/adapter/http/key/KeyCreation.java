package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.application.port.inbound.CreateKeyCommand;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scopes;

/**
 * The body of {@code POST /v1/keys}, bound by serde as the OpenAPI document shows it (no other member, each once,
 * {@link StrictValues strict values}); the domain judges the values (a name, known scopes, an expiry ahead, a quota within bounds).
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "ApiKeyCreation", description = "Experimental: a key to create; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record KeyCreation(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minLength = 1, maxLength = KeyName.MAX_LENGTH,
                description = "What the key is for; no other key that is not revoked has this name",
                example = "till-3")
        @Serdeable.Deserializable(using = StrictValues.Text.class)
        String name,
        // the scopes are named in the description, not as an enum: OpenAPI Generator's Java client does not compile
        // a request body with an array of an inline enum (GeneratedClientEndToEndTest)
        @ArraySchema(minItems = 1, uniqueItems = true, schema = @Schema(type = "string", example = "inventory:read"),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What the key may "
                        + "do: inventory:read (the inventory, its ledger, pets and orders), inventory:write "
                        + "(changing stock; includes inventory:read), keys:admin (this API), webhooks:admin "
                        + "(webhooks); only scopes the creating key holds"))
        @Serdeable.Deserializable(using = StrictValues.Texts.class)
        List<String> scopes,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = true, type = "string",
                format = "date-time", description = "When the key stops working, in the future; left out or null: "
                        + "never", example = "2027-06-01T00:00:00Z")
        @Serdeable.Deserializable(using = StrictValues.Timestamp.class)
        @Nullable Instant expiresAt,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = true,
                implementation = KeyQuota.class,
                description = "The key's quota; left out or null: the service's default (PETSTORE_RATE_LIMIT)")
        @Serdeable.Deserializable(using = KeyValues.QuotaMember.class)
        @Nullable KeyValues.QuotaSetting quota) {

    KeyCreation {
        StrictValues.require(name, "name");
        StrictValues.require(scopes, "scopes");
    }

    /** The key to create; the domain refuses an empty name and an unknown or repeated scope (400). */
    CreateKeyCommand command() {
        return new CreateKeyCommand(new KeyName(name), Scopes.parse(scopes), expiresAt,
                quota == null ? null : quota.quota());
    }
}
