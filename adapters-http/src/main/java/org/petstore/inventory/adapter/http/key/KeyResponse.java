package org.petstore.inventory.adapter.http.key;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.quota.Quota;

/**
 * A managed key on the wire, never its secret or a digest of it: Micronaut serde writes it, members in this order,
 * every member always (an absent time as {@code null}) but the quota's, which is left out when none applies (the default is
 * off and the key has none of its own), and the OpenAPI document shows it.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "ApiKey", description = "Experimental: a managed API key, without its secret")
record KeyResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = ID, example = "key-3f2a0c1b2d3e")
        String id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "What the key is for", example = "till-3")
        String name,
        @ArraySchema(schema = @Schema(type = "string", allowableValues = {"inventory:read", "inventory:write",
                "keys:admin", "webhooks:admin"}), arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = SCOPES))
        List<String> scopes,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the key was created (RFC 3339, UTC)")
        String createdAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = EXPIRES_AT)
        @Nullable String expiresAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = "When the key was revoked; null while it is not")
        @Nullable String revokedAt,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, format = "date-time",
                description = "When the key was last used, to the minute or so (each instance writes it at most once "
                        + "a minute); null when it never was")
        @Nullable String lastUsedAt,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED,
                description = QUOTA)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable KeyQuota quota,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, description = QUOTA_IS_DEFAULT)
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @Nullable Boolean quotaIsDefault) {

    static final String ID = "The key's id: key- and 12 hex digits, the same on every instance and after a rotation; "
            + "the stock ledger's keyId. Not a secret";
    static final String SCOPES = "What the key may do, as granted (inventory:write includes inventory:read)";
    static final String EXPIRES_AT = "When the key stops working (RFC 3339, UTC); null: never";
    static final String QUOTA = "The quota that applies to the key: its own, or the service's default "
            + "(PETSTORE_RATE_LIMIT); left out when none does (the default is off and the key has none of its own)";
    static final String QUOTA_IS_DEFAULT = "true: the key has the service's default quota, false: its own; left out "
            + "with the quota";

    static KeyResponse of(ApiKey key, LimitRequestsUseCase limits) {
        return new KeyResponse(key.id().value(), key.name().value(), key.scopes().wireNames(),
                key.createdAt().toString(), text(key.expiresAt()), text(key.revokedAt()), text(key.lastUsedAt()),
                quota(key.quota(), limits), quotaIsDefault(key.quota(), limits));
    }

    /** The quota that applies to the key; null when none does. */
    @Nullable
    static KeyQuota quota(@Nullable Quota own, LimitRequestsUseCase limits) {
        return limits.quotaOf(own).map(KeyQuota::of).orElse(null);
    }

    /** Whether the key has the default quota; null when no quota applies. */
    @Nullable
    static Boolean quotaIsDefault(@Nullable Quota own, LimitRequestsUseCase limits) {
        return limits.quotaOf(own).isPresent() ? own == null : null;
    }

    /** A time as the API writes it (RFC 3339, UTC), or null. */
    @Nullable
    static String text(@Nullable Instant at) {
        return at == null ? null : at.toString();
    }
}
