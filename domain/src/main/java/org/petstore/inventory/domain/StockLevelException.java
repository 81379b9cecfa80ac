package org.petstore.inventory.domain;

/**
 * A movement by a delta would take a stock count out of its range, 0 to {@link Quantity#MAX}: nothing was changed.
 * The request was well formed; the stock is what refuses it.
 */
public abstract sealed class StockLevelException extends DomainException
        permits InsufficientStockException, QuantityLimitExceededException {

    private final PetId petId;
    private final Quantity count;
    private final StockDelta delta;

    StockLevelException(PetId petId, Quantity count, StockDelta delta, String consequence) {
        super("Pet " + petId + " has " + count + " in stock: a delta of " + delta + " would " + consequence
                + "; nothing was changed");
        this.petId = petId;
        this.count = count;
        this.delta = delta;
    }

    public PetId petId() {
        return petId;
    }

    /** The count the delta was refused on. */
    public Quantity count() {
        return count;
    }

    public StockDelta delta() {
        return delta;
    }
}
