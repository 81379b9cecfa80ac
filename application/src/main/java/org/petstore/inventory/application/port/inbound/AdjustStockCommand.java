package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockDelta;

/**
 * The request to move a pet's stock count by a delta, on condition that the entry is at one of the expected versions
 * ({@link ExpectedVersions#any()}: unconditionally), made by the {@link ChangeOrigin} the ledger records, and, when the
 * client sent one, under an idempotency key.
 */
public record AdjustStockCommand(PetId petId, StockDelta delta, ExpectedVersions expected, ChangeOrigin origin,
        Optional<IdempotentRequest> idempotency) {

    public AdjustStockCommand {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(delta, "delta");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(idempotency, "idempotency");
    }

    /** Unconditionally and without an idempotency key. */
    public AdjustStockCommand(PetId petId, StockDelta delta, ChangeOrigin origin) {
        this(petId, delta, ExpectedVersions.any(), origin, Optional.empty());
    }
}
