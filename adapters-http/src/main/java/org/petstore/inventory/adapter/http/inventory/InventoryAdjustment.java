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
 * The body of an adjustment ({@code POST /v1/inventory/{petId}/adjustments}), bound by serde as the OpenAPI document
 * shows it (no other member, each once, {@link StrictValues strict values}).
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "InventoryAdjustment", description = "Experimental: by how much one pet's stock count changes, and "
        + "optionally why; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryAdjustment(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "integer", format = "int32",
                minimum = "-2147483647", maximum = "2147483647", description = "The change of the count, never 0: "
                        + "negative when pets leave the store (a sale, a loss), positive when they come in (an "
                        + "arrival, a return)")
        @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
        BigInteger delta,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Why the count changes, recorded in the stock ledger with the change; left out: no "
                        + "reason",
                implementation = String.class, allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        @Serdeable.Deserializable(using = InventoryValues.Reason.class)
        @Nullable ChangeReason reason) {

    InventoryAdjustment {
        StrictValues.require(delta, "delta");
    }

    /** The delta it moves the count by; 400 out of its range. */
    StockMovement movement() {
        return InventoryValues.adjustBy(delta);
    }
}
