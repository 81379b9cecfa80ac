package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The request to set a pet's stock count, on condition that the entry is at one of the expected versions
 * ({@link ExpectedVersions#any()}: unconditionally), made by the {@link ChangeOrigin} that the stock ledger records
 * with the change. Every part is a validated value object, so a command that exists is valid.
 */
public record UpdateStockCommand(PetId petId, Quantity quantity, ExpectedVersions expected, ChangeOrigin origin) {

    public UpdateStockCommand {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(origin, "origin");
    }

    /** Unconditionally: whatever version the entry is at. */
    public UpdateStockCommand(PetId petId, Quantity quantity, ChangeOrigin origin) {
        this(petId, quantity, ExpectedVersions.any(), origin);
    }

    /** Unconditionally, through the API with no key id, request id or reason known. */
    public static UpdateStockCommand of(long petId, long quantity) {
        return new UpdateStockCommand(PetId.of(petId), Quantity.of(quantity), ChangeOrigin.api(null, null, null));
    }
}
