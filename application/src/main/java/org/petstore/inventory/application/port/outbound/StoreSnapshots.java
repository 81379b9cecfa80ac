package org.petstore.inventory.application.port.outbound;

/** Reads the whole store (the configured one) as it is at one moment. */
public interface StoreSnapshots {

    /**
     * Opens a read-only snapshot of the store: everything read through it shows the store as it was when it opened,
     * whatever is written meanwhile. The caller must close it.
     *
     * @throws StorageUnavailableException when the store cannot be reached
     */
    StoreSnapshot openSnapshot();
}
