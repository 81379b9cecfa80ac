package org.petstore.inventory.domain;

/**
 * A stock count outside 0..2,147,483,647.
 */
public final class InvalidQuantityException extends DomainException {

    public InvalidQuantityException(String message) {
        super(message);
    }

    /** The value as the caller gave it, even one too large for any Java integer type. */
    public static InvalidQuantityException outOfRange(String given) {
        return new InvalidQuantityException(
                "quantity must be an integer from " + Quantity.MIN + " to " + Quantity.MAX + ", got " + given);
    }

    static InvalidQuantityException outOfRange(long value) {
        return outOfRange(Long.toString(value));
    }
}
