package org.petstore.inventory.domain;

/**
 * A change of stock that the ledger cannot hold as given: a change id below 1, or a key id or request id that is
 * empty or longer than {@link ChangeOrigin#MAX_ID_LENGTH} characters.
 */
public final class InvalidStockChangeException extends DomainException {

    public InvalidStockChangeException(String message) {
        super(message);
    }
}
