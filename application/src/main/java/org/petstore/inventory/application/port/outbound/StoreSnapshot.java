package org.petstore.inventory.application.port.outbound;

import java.util.stream.Stream;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * A store as it was at one moment, read as its streams are consumed: memory does not grow with the store. Its streams
 * are read one after the other, each closed before the next is opened, on one thread. Closing the snapshot releases
 * what it holds in the store (a transaction and its connection); a stream not yet closed is closed with it.
 */
public interface StoreSnapshot extends AutoCloseable {

    /**
     * Which database this is, in a form that is equal for two connections to the same database and different for
     * two databases (whatever URL reached them), so that a copy onto itself can be refused.
     */
    String identity();

    /** How much the snapshot holds. */
    StoreSize size();

    /** Every pet with its stock, in ascending {@code petId} order. The caller closes the stream. */
    Stream<CatalogueEntry> catalogue();

    /** Every order, in ascending {@code id} order. The caller closes the stream. */
    Stream<Order> orders();

    /** Which changes the store's stock ledger keeps. */
    LedgerRange ledgerRange();

    /** Every change the stock ledger keeps, in ascending {@code changeId} order. The caller closes the stream. */
    Stream<StockChange> changes();

    @Override
    void close();
}
