package org.petstore.inventory.application.port.out;

/**
 * The place where inventory entries are kept cannot be reached right now (for example the database is down).
 * Nothing was changed; the same request may succeed later. Adapters of {@link InventoryRepository} throw it.
 */
public class InventoryUnavailableException extends RuntimeException {

    public InventoryUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
