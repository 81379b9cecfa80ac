package org.petstore.inventory.domain;

/**
 * By how much a stock movement changes a count: a non-zero whole number from -2,147,483,647 to 2,147,483,647
 * (negative: pets leave the store, positive: pets come in).
 */
public record StockDelta(int value) {

    public static final long MIN = -Integer.MAX_VALUE;
    public static final long MAX = Integer.MAX_VALUE;

    public StockDelta {
        if (value == 0 || value < MIN) {
            throw outOfRange(Long.toString(value));
        }
    }

    public static StockDelta of(long value) {
        if (value == 0 || value < MIN || value > MAX) {
            throw outOfRange(Long.toString(value));
        }
        return new StockDelta((int) value);
    }

    /** The refusal of a delta as the caller gave it, even one too large for any Java integer type. */
    public static InvalidStockChangeException outOfRange(String given) {
        return new InvalidStockChangeException("delta must be a non-zero integer from " + MIN + " to " + MAX
                + ", got " + given);
    }

    /** With its sign: {@code +3}, {@code -1}. */
    @Override
    public String toString() {
        return value > 0 ? "+" + value : Integer.toString(value);
    }
}
