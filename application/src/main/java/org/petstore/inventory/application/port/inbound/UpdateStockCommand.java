package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The request to set a pet's stock count, on condition that the entry is at one of the expected versions
 * ({@link ExpectedVersions#any()}: unconditionally). Every part is a validated value object, so a command that exists
 * is valid.
 */
public record UpdateStockCommand(PetId petId, Quantity quantity, ExpectedVersions expected) {

    public UpdateStockCommand {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(expected, "expected");
    }

    /** Unconditionally: whatever version the entry is at. */
    public UpdateStockCommand(PetId petId, Quantity quantity) {
        this(petId, quantity, ExpectedVersions.any());
    }

    public static UpdateStockCommand of(long petId, long quantity) {
        return new UpdateStockCommand(PetId.of(petId), Quantity.of(quantity));
    }
}
