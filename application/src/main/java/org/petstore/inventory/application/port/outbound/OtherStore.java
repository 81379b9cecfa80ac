package org.petstore.inventory.application.port.outbound;

/** A database other than the configured store, connected. Closing it disconnects. */
public interface OtherStore extends AutoCloseable {

    /** Which database this is; see {@link StoreSnapshot#identity()}. */
    String identity();

    /**
     * Brings its schema to the version this program has, with the same migrations as the store's (no demo data).
     *
     * @return the schema it has now, for a person: e.g. "schema version 3"
     * @throws IncompatibleStoreException when its schema is of a newer version than this program knows, or it holds
     *         tables that no version of this program made
     */
    String migrate();

    /** Begins a load into it; see {@link StoreLoads#beginLoad(boolean)}. */
    StoreLoad beginLoad(boolean withOrders);

    @Override
    void close();
}
