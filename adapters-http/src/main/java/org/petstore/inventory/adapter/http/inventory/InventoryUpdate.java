package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.StockMovement;

/**
 * The specification's {@code InventoryUpdate}: the body of a {@code PATCH}, bound by serde as the OpenAPI document
 * shows it (no other member, each once, {@link StrictValues strict values}).
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "InventoryUpdate", description = "The new stock count of one pet, and optionally why; no other "
        + "member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryUpdate(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "integer", format = "int32",
                description = "The new stock count", minimum = "0", maximum = "2147483647")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        BigInteger quantity,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Experimental: why the count changes, recorded in the stock ledger with the change "
                        + "(GET /v1/inventory/{petId}/changes); left out: no reason",
                implementation = String.class, allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        @Serdeable.Deserializable(using = InventoryValues.Reason.class)
        @Nullable ChangeReason reason) {

    InventoryUpdate {
        StrictValues.require(quantity, "quantity");
    }

    /** The count it sets; 400 out of its range. */
    StockMovement movement() {
        return InventoryValues.setTo(quantity);
    }
}
