package org.petstore.inventory.domain;

/**
 * A stock count outside 0..2,147,483,647.
 */
public final class InvalidQuantityException extends DomainException {

    public InvalidQuantityException(String message) {
        super(message);
    }

    static InvalidQuantityException outOfRange(long value) {
        return new InvalidQuantityException(
                "quantity must be an integer from " + Quantity.MIN + " to " + Quantity.MAX + ", got " + value);
    }
}
