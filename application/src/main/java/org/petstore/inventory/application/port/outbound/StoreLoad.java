package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * A load of pets with their stock, and of orders, into a store: the rows are staged (in the store, not in memory),
 * each with its line number in its file so that problems can name it, pets before orders; then checked as a whole,
 * counted against the store, and applied; all in one transaction that only {@link #commit()} makes visible and
 * durable. Closing without committing, or a process that dies before the commit, changes nothing.
 *
 * <p>Applying is an upsert (every staged pet created or updated: name, status, stock, a pet staged without stock
 * losing its entry; with orders, every staged order too) or a replace (also every pet not staged deleted with its
 * entry, and with orders every order not staged). An existing entry whose quantity or pet status changes moves to its
 * next version; a new entry takes the staged version. A copy also carries another store's stock ledger over as it is
 * ({@link #copyChange}, {@link #copyLedgerRange}), into a ledger that keeps no change or after {@link #clear()}.
 */
public interface StoreLoad extends AutoCloseable {

    /** How much the store holds in this load's transaction, staged rows not counted. */
    StoreSize size();

    void stagePet(long line, CatalogueEntry entry);

    void stageOrder(long line, Order order);

    /**
     * The problems of what was staged, in line order (pets first), at most {@code limit}: a pet or an order staged
     * twice, an order for a pet that would not exist after the load, and, in a replace without orders, an order of
     * the store whose pet would be deleted.
     */
    List<StagingProblem> problems(boolean replace, int limit);

    /** How many problems {@link #problems} would report without a limit. */
    long problemCount(boolean replace);

    /** What {@link #apply} would change. Only meaningful when there are no problems. */
    StoreChanges changes(boolean replace);

    /** Applies the staged rows; there must be no problems. Visible to others only after {@link #commit()}. */
    void apply(boolean replace);

    /**
     * Deletes everything the store holds (orders, entries, pets, and the stock ledger, which then keeps nothing and
     * has given no change id), in this load's transaction.
     */
    void clear();

    /** Which changes the store's stock ledger keeps, in this load's transaction. */
    LedgerRange ledgerRange();

    /**
     * Writes a change of another store's ledger into this store's ledger as it is (its id, time and origin kept), in
     * this load's transaction; changes are copied in ascending id order into a ledger that keeps none of them.
     */
    void copyChange(StockChange change);

    /**
     * Sets which changes the ledger keeps to another store's, after its changes were copied: the next change this
     * store records follows {@code range.newestChangeId()}, and a follower's cursor below
     * {@code range.removedThrough()} is as expired here as it was there.
     */
    void copyLedgerRange(LedgerRange range);

    /**
     * The store as this load's transaction sees it now (staged and applied rows included): to verify a load before
     * committing it. The caller closes it before continuing with the load; closing it leaves the load open.
     */
    StoreSnapshot readBack();

    /** Makes the load visible and durable. */
    void commit();

    /** Ends the load; without a {@link #commit()} before, nothing it did remains. */
    @Override
    void close();
}
