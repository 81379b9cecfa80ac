package org.petstore.inventory.application.port.outbound;

/** Reaches databases other than the configured store: the target of a copy. */
public interface OtherStores {

    /**
     * Connects to the database at the address.
     *
     * @throws StorageUnavailableException when it cannot be reached or used right now (down, locked by another
     *         process, credentials refused)
     * @throws IncompatibleStoreException when it is not a kind of database this program supports
     */
    OtherStore connect(StoreAddress address);
}
