package org.petstore.inventory.domain;

/**
 * A version that no entry or inventory can have: an {@link EntryVersion} below 1, or an {@link InventoryVersion}
 * whose numbers no set of entries adds up to.
 */
public final class InvalidVersionException extends DomainException {

    public InvalidVersionException(String message) {
        super(message);
    }
}
