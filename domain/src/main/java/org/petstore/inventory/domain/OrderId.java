package org.petstore.inventory.domain;

/**
 * Identifies a store order. Always at least 1.
 */
public record OrderId(long value) {

    public OrderId {
        if (value < 1) {
            throw new InvalidOrderIdException("an order id is at least 1, got " + value);
        }
    }

    public static OrderId of(long value) {
        return new OrderId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
