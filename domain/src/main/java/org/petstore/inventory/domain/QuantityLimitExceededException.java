package org.petstore.inventory.domain;

/** A delta would take the stock count above {@link Quantity#MAX}, the largest count an entry holds. */
public final class QuantityLimitExceededException extends StockLevelException {

    public QuantityLimitExceededException(PetId petId, Quantity count, StockDelta delta) {
        super(petId, count, delta, "exceed the largest count, " + Quantity.MAX);
    }
}
