package org.petstore.inventory.domain;

/**
 * A stock count: a whole number from 0 to 2,147,483,647.
 */
public record Quantity(int value) {

    public static final long MIN = 0;
    public static final long MAX = Integer.MAX_VALUE;

    public Quantity {
        if (value < MIN) {
            throw InvalidQuantityException.outOfRange(value);
        }
    }

    public static Quantity of(long value) {
        if (value < MIN || value > MAX) {
            throw InvalidQuantityException.outOfRange(value);
        }
        return new Quantity((int) value);
    }

    @Override
    public String toString() {
        return Integer.toString(value);
    }
}
