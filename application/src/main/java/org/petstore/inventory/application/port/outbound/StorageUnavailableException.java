package org.petstore.inventory.application.port.outbound;

/**
 * The place where the store keeps its data cannot be reached right now (for example the database is down).
 * Nothing was changed; the same request may succeed later. Every outbound persistence adapter throws it.
 */
public class StorageUnavailableException extends RuntimeException {

    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
