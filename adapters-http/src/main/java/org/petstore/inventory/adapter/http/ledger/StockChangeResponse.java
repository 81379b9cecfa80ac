package org.petstore.inventory.adapter.http.ledger;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.domain.StockChange;

/**
 * One change of the stock ledger on the wire: Micronaut serde writes it, members in this order, every member always
 * (an absent value as {@code null}), and the OpenAPI document shows it. Public for the webhook deliveries
 * ({@code adapter.http.webhook.delivery}), whose changes are these same records.
 */
@Serdeable.Serializable
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "StockChange", description = "Experimental: one recorded change of a pet's stock count")
public record StockChangeResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1", description = "The change's place in "
                + "the ledger: increasing over the whole store in the order the changes were made")
        long changeId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1", description = "ID of the pet")
        long petId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, minimum = "0",
                description = "The stock count before the change; null when the change created the entry")
        @Nullable Integer from,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "0", description = "The stock count after it")
        int to,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, minimum = "1",
                description = "The entry's version after the change (its ETag is \"<petId>.<version>\")")
        long version,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, format = "date-time",
                description = "When the database made the change (RFC 3339, UTC)")
        String at,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "string", allowableValues = {"api", "import"},
                description = "api: a PATCH, an adjustment or a batch of changes; import: the import data command")
        String source,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true, description = "For api: the id of the "
                + "API key that made the change (key- and 12 hex digits, the same for a key on every instance; never "
                + "the key itself)")
        @Nullable String keyId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                description = "For api: the X-Request-Id of the request that made the change")
        @Nullable String requestId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, nullable = true,
                type = "string", allowableValues = {"arrival", "return", "sale", "loss", "adjustment"},
                description = "The reason the request gave (the change's own in a batch, else the batch's); null "
                        + "when it gave none")
        @Nullable String reason) {

    /** The change as the API shows it. */
    public static StockChangeResponse of(StockChange change) {
        return new StockChangeResponse(change.changeId(), change.petId().value(),
                change.from() == null ? null : change.from().value(), change.to().value(), change.version().value(),
                change.at().toString(), change.origin().source().wireName(), change.origin().keyId(),
                change.origin().requestId(),
                change.origin().reasonWireName());
    }
}
