package org.petstore.inventory.domain;

/** A delta would take the stock count below 0: fewer pets are in stock than the movement takes out. */
public final class InsufficientStockException extends StockLevelException {

    public InsufficientStockException(PetId petId, Quantity count, StockDelta delta) {
        super(petId, count, delta, "leave " + ((long) count.value() + delta.value()));
    }
}
