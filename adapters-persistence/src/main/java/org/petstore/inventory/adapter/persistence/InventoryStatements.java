package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's hand-written SQL, and, where the supported databases differ, how each one changes counts and
 * reads the list from a cursor. One implementation per backend, selected like the dialect repositories by the
 * configured URL: {@link H2InventoryStatements}, {@link PostgresqlInventoryStatements}. Every query of entries
 * returns the entry's columns by position: {@code pet_id}, {@code quantity}, the pet's {@code status}, the entry's
 * {@code version} (see {@link StoreMapper#inventoryItem}).
 *
 * <p>Every statement that writes an entry sets {@code version = version + 1} in the same statement, so the version
 * moves atomically with the change. None of them removes an entry; those that do (the data commands' loads, see
 * {@link org.petstore.inventory.adapter.persistence.transfer.TransferStatements}) add to the removal count in the same transaction.
 */
interface InventoryStatements extends RowCursor.Session {

    /** Every entry in {@code petId} order: the primary key's order, so a database can stream it from that index. */
    String SELECT_ALL = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""";

    /**
     * How many entries were ever removed (table {@code inventory_removals}, migration V4): an uncorrelated scalar
     * subquery, which both databases compute once per statement, in the statement's snapshot.
     */
    String REMOVALS = "(SELECT removals FROM inventory_removals WHERE id = 1)";

    /**
     * The version of the whole inventory, without reading the entries: the number of entries, the sum of their
     * versions, and how many entries were ever removed ({@link StoreMapper#inventoryVersion}); {@code (0, 0, r)} for an
     * empty inventory.
     */
    String SELECT_VERSION = "SELECT COUNT(*), COALESCE(SUM(version), 0), " + REMOVALS + " FROM inventory_item";

    /**
     * The list's rows, the columns of {@link #SELECT_ALL}, each followed by how many entries were ever removed
     * ({@link #REMOVALS}), read in the same statement, so in the same snapshot as the rows: with the rows it gives
     * the list's version. Both databases compute the subquery once for the statement, not once per row (H2 too, as
     * long as the query is not executed lazily).
     */
    String SELECT_ALL_WITH_REMOVALS = """
            SELECT i.pet_id, i.quantity, p.status, i.version, %s
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""".formatted(REMOVALS);

    /** The list: every entry in {@code petId} order, the columns of {@link #SELECT_ALL} first. */
    String selectAll();

    /**
     * The version of the whole inventory in one row, its columns as in {@link #SELECT_VERSION}: that query, unless
     * the backend keeps the totals in a table of their own.
     */
    default String selectVersion() {
        return SELECT_VERSION;
    }

    /**
     * How the list's version is read, in the same snapshot as the list's rows, so that it describes exactly them;
     * the backend's {@link #begin} makes that so.
     */
    RowCursor.Summary<InventoryVersion> listVersion();

    /** The entry of one pet (parameter 1: {@code pet_id}); no row when the pet has none. */
    String SELECT_ONE = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = ?""";

    /** One row when the pet (parameter 1: {@code pet_id}) has an entry, none when not. */
    String SELECT_EXISTS = "SELECT 1 FROM inventory_item WHERE pet_id = ?";

    /**
     * The entries of several pets (parameter 1: the {@code pet_id}s, an array of {@code bigint}), the columns of
     * {@link #SELECT_ALL}, in no particular order; no row for a pet without an entry. A recorded change reads the
     * entries with it, after it locked the ledger's head, to know what its statements will do to each of them.
     */
    String SELECT_ENTRIES = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = ANY(CAST(? AS BIGINT ARRAY))""";

    /**
     * One statement that changes the counts of several entries at once (parameter 1: the {@code pet_id}s, an array of
     * {@code bigint}, ascending, no pet twice; parameter 2: the count each one sets, an array of {@code integer}, null
     * for a delta; parameter 3: the delta of each, an array of {@code bigint}, null for a set), exactly those that
     * {@link JdbcStockLedger#CHANGES_THE_COUNT} selects, and moves each entry it changes to its next version. Every
     * change of a count runs in such a statement, alone or with the changes that arrived meanwhile
     * ({@link UpdateCombiner}), or with the other changes of its batch.
     */
    String changeQuantities();

    /**
     * The statements of a recorded change after {@link JdbcStockLedger#LOCK_HEAD} (read the entries, record, move the
     * head, change the counts) as one statement, where the backend can (parameters: the seven arrays of
     * {@link JdbcStockLedger#changes}; rows: the entries as they were before, the columns of {@link #SELECT_ALL});
     * empty where they run one after the other. Fewer statements while the head is held are more changes a second:
     * every recording transaction waits for the head.
     */
    default Optional<String> readRecordAndChange() {
        return Optional.empty();
    }

    /**
     * Whether the database's driver takes several statements, with their parameters, in one message, and the database
     * runs them in order as one transaction, committed when the message ends and rolled back whole when one fails
     * (PostgreSQL: its driver sends them with one Sync, and the statements before a Sync form one implicit
     * transaction): then a recorded update's statements travel together, in autocommit, in one round trip with their
     * commit.
     */
    default boolean sendsTogether() {
        return false;
    }

    /**
     * What the database does after an update changed an entry, on the update's connection, before the update is
     * answered; nothing by default (the update has committed).
     */
    default void afterWrite(Connection connection) throws SQLException {
    }

    /**
     * Makes the connection read {@link #selectAll()} from a cursor, a batch of rows at a time, in one snapshot with
     * its {@link #listVersion()}.
     */
    @Override
    void begin(Connection connection) throws SQLException;

    /** Undoes {@link #begin} once the cursor is closed, before the connection goes back to the pool. */
    @Override
    void end(Connection connection) throws SQLException;
}
