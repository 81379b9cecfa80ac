package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The request to set a pet's stock count. Both parts are validated value objects, so a command that exists is valid.
 */
public record UpdateStockCommand(PetId petId, Quantity quantity) {

    public UpdateStockCommand {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
    }

    public static UpdateStockCommand of(long petId, long quantity) {
        return new UpdateStockCommand(PetId.of(petId), Quantity.of(quantity));
    }
}
