package org.petstore.inventory.adapter.http.inventory;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import java.math.BigInteger;
import java.util.List;
import org.petstore.inventory.adapter.http.body.StrictValues;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InvalidPetIdException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockMovement;

/**
 * The body of a batch of changes ({@code POST /v1/inventory/changes}), bound by serde as the OpenAPI document shows
 * it (no other member, each once, {@link StrictValues strict values}; each change names its place,
 * {@code changes[i]}). How many changes a batch holds and that no pet appears twice are the batch command's rules.
 */
@Serdeable.Deserializable
@JsonIgnoreProperties(ignoreUnknown = false)
@Schema(name = "InventoryChanges", description = "Experimental: 1 to 100 changes of stock, made all or nothing, "
        + "each pet at most once, and optionally why; no other member is accepted",
        additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
record InventoryChanges(
        @ArraySchema(minItems = 1, maxItems = 100, schema = @Schema(implementation = Change.class),
                arraySchema = @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                        description = "The changes, made in this order; the answer lists the entries in the same "
                                + "order"))
        @Serdeable.Deserializable(using = InventoryValues.Changes.class)
        List<Change> changes,
        @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                description = "Why the counts change, recorded in the stock ledger with every change that gives no "
                        + "reason of its own; left out: no reason",
                implementation = String.class, allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
        @Serdeable.Deserializable(using = InventoryValues.Reason.class)
        @Nullable ChangeReason reason) {

    InventoryChanges {
        StrictValues.require(changes, "changes");
    }

    /** One change of the batch: a pet, and either a delta or a new count. */
    @Serdeable.Deserializable
    @JsonIgnoreProperties(ignoreUnknown = false)
    @Schema(name = "InventoryChange", description = "Experimental: one change of a batch, the pet and exactly one "
            + "of delta and quantity; no other member is accepted",
            additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
    record Change(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, type = "integer", format = "int64", minimum = "1",
                    description = "ID of the pet whose count changes")
            @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
            BigInteger petId,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, type = "integer",
                    format = "int32", minimum = "-2147483647", maximum = "2147483647", description = "The change of "
                            + "the count, never 0 (as an adjustment's delta); not with quantity")
            @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
            @Nullable BigInteger delta,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false, type = "integer",
                    format = "int32", minimum = "0", maximum = "2147483647",
                    description = "The new count (as an update's quantity); not with delta")
            @Serdeable.Deserializable(using = StrictValues.WholeNumber.class)
            @Nullable BigInteger quantity,
            @Schema(requiredMode = Schema.RequiredMode.NOT_REQUIRED, nullable = false,
                    description = "Why this pet's count changes; left out: the batch's reason", implementation =
                    String.class, allowableValues = {"arrival", "return", "sale", "loss", "adjustment"})
            @Serdeable.Deserializable(using = InventoryValues.Reason.class)
            @Nullable ChangeReason reason) {

        Change {
            if (delta != null && quantity != null) {
                throw new StrictValues.InvalidBody("a change takes either delta or quantity, not both", true);
            }
            StrictValues.require(petId, "petId");
            if (delta == null && quantity == null) {
                throw new StrictValues.InvalidBody("a change needs either delta or quantity", true);
            }
            pet(petId); // the domain refuses a value out of its range here, where the change is named
            movement(delta, quantity);
        }

        /** The change of the pet's entry it asks for, made by {@code origin} for its own reason, else the batch's. */
        EntryChange entryChange(ChangeOrigin origin, @Nullable ChangeReason batchReason) {
            return new EntryChange(pet(petId), movement(delta, quantity),
                    origin.withReason(reason != null ? reason : batchReason));
        }

        private static PetId pet(BigInteger petId) {
            return PetId.of(StrictValues.exactly(petId, InvalidPetIdException::notAPetId));
        }

        private static StockMovement movement(@Nullable BigInteger delta, @Nullable BigInteger quantity) {
            return delta != null ? InventoryValues.adjustBy(delta) : InventoryValues.setTo(quantity);
        }
    }
}
