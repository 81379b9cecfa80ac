package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's hand-written SQL, and, where the supported databases differ, how each one changes counts and reads
 * the list from a cursor: {@link H2InventoryStatements}, {@link PostgresqlInventoryStatements}, selected like the
 * dialect repositories by the configured URL. Every query of entries returns the entry's columns by position:
 * {@code pet_id}, {@code quantity}, the pet's {@code status}, the entry's {@code version}
 * ({@link StoreMapper#inventoryEntry}). Every statement that writes an entry sets {@code version = version + 1} in the
 * same statement; none removes an entry (the data commands' loads do, and add to the removal count in the same
 * transaction: {@code transfer.TransferStatements}).
 */
interface InventoryStatements extends RowCursor.Session {

    /** Every entry in {@code petId} order: the primary key's order, so a database can stream it from that index. */
    String SELECT_ALL = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""";

    /** How many entries were ever removed ({@code inventory_removals}, V4): a scalar subquery computed once. */
    String REMOVALS = "(SELECT removals FROM inventory_removals WHERE id = 1)";

    /**
     * The version of the whole inventory, without reading the entries: the number of entries, the sum of their
     * versions and the removal count ({@link StoreMapper#inventoryVersion}); {@code (0, 0, r)} when empty.
     */
    String SELECT_VERSION = "SELECT COUNT(*), COALESCE(SUM(version), 0), " + REMOVALS + " FROM inventory_item";

    /**
     * The list's rows, the columns of {@link #SELECT_ALL}, each followed by the removal count ({@link #REMOVALS}) of
     * the same snapshot: with the rows it gives the list's version. Both databases compute the subquery once for the
     * statement, not once per row (H2 too, as long as the query is not executed lazily).
     */
    String SELECT_ALL_WITH_REMOVALS = """
            SELECT i.pet_id, i.quantity, p.status, i.version, %s
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""".formatted(REMOVALS);

    /** The list: every entry in {@code petId} order, the columns of {@link #SELECT_ALL} first. */
    String selectAll();

    /** The version of the whole inventory as {@link #SELECT_VERSION} reads it, or from totals of the backend's own. */
    default String selectVersion() {
        return SELECT_VERSION;
    }

    /** How the list's version is read, in the snapshot of the list's rows ({@link #begin} makes it one). */
    RowCursor.Summary<InventoryVersion> listVersion();

    /** The entry of one pet (parameter 1: {@code pet_id}); no row when the pet has none. */
    String SELECT_ONE = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = ?""";


    /** The entries of several pets (parameter 1: an array of {@code pet_id}s), in no order; none for a pet without. */
    String SELECT_ENTRIES = """
            SELECT i.pet_id, i.quantity, p.status, i.version
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = ANY(CAST(? AS BIGINT ARRAY))""";

    /**
     * Changes as rows {@code u} of a {@code FROM} clause, from seven arrays ({@link SqlArrays#bindChanges}): pet, count
     * set (or null), delta (or null), source, key id, request id, reason. Arrays rather than a list of values, so that
     * a statement has one text whatever the number of changes.
     */
    String CHANGES = """
            (SELECT * FROM UNNEST(CAST(? AS BIGINT ARRAY), CAST(? AS INTEGER ARRAY), CAST(? AS BIGINT ARRAY),
                CAST(? AS VARCHAR(16) ARRAY), CAST(? AS VARCHAR(128) ARRAY), CAST(? AS VARCHAR(128) ARRAY),
                CAST(? AS VARCHAR(16) ARRAY))) AS u (pet_id, quantity, delta, source, key_id, request_id, reason)""";

    /**
     * The count a change ({@code u}, a row of {@link #CHANGES}) asks for an entry ({@code i}, with the columns of
     * {@code inventory_item}): the quantity it sets, or the count moved by its delta, as a {@code BIGINT} (which a
     * delta cannot overflow). {@code StockMovement.countAfter} in SQL.
     */
    String NEW_COUNT = "COALESCE(u.quantity, i.quantity + u.delta)";

    /**
     * The domain's rule of a change of count ({@code EntryChange.decide}) in SQL, written here once for every
     * statement of both backends: a change is made when its new count is from 0 to the largest count and is not the
     * count the entry has; else it is refused (out of range) or changes nothing. The versions are not checked here:
     * only changes without a condition on them, or on any version, are made by it. {@code JdbcChangeRuleTest} proves on
     * both backends that it decides as the domain does.
     */
    String CHANGES_THE_COUNT = NEW_COUNT + " BETWEEN 0 AND 2147483647 AND " + NEW_COUNT + " <> i.quantity";

    /**
     * Records and makes the changes (of distinct pets, in pet order, without a condition on the entries' versions)
     * that {@link #CHANGES_THE_COUNT} selects, in the caller's transaction, which holds the ledger's head
     * ({@link StockLedgerHead}): one record per change made, from the entry as it is, with the ids after the head's;
     * the head moved on; the counts changed, each entry to its next version. A pet without an entry gets neither.
     * Returns the entries as they were before, by pet.
     */
    Map<Long, InventoryEntry> recordAndChange(Connection connection, List<EntryChange> changes) throws SQLException;

    /**
     * As {@link #recordAndChange}, as a transaction of its own on a connection in autocommit that first locks the
     * ledger's head; by default its statements one after the other.
     */
    default Map<Long, InventoryEntry> lockRecordAndChange(Connection connection, List<EntryChange> changes)
            throws SQLException {
        return DatabaseCalls.inTransaction(connection, locked -> {
            StockLedgerHead.lock(locked);
            return recordAndChange(locked, changes);
        });
    }

    /** The entries of the changes' pets as they are ({@link #SELECT_ENTRIES}), by pet. */
    static Map<Long, InventoryEntry> entriesOf(Connection connection, List<EntryChange> changes) throws SQLException {
        try (PreparedStatement read = connection.prepareStatement(SELECT_ENTRIES)) {
            SqlArrays.bindPets(read, 1, changes);
            try (ResultSet rows = read.executeQuery()) {
                return entriesByPet(rows);
            }
        }
    }

    /** Reads rows of entries (the columns of {@link #SELECT_ALL}), by pet. */
    static Map<Long, InventoryEntry> entriesByPet(ResultSet rows) throws SQLException {
        Map<Long, InventoryEntry> entries = new HashMap<>();
        while (rows.next()) {
            InventoryEntry entry = StoreMapper.inventoryEntry(rows);
            entries.put(entry.petId().value(), entry);
        }
        return entries;
    }

    /** What the database does after a change of entries committed, before it is answered; nothing by default. */
    default void afterWrite(Connection connection) throws SQLException {
    }

    /** Makes the connection read {@link #selectAll()} from a cursor, in one snapshot with {@link #listVersion()}. */
    @Override
    void begin(Connection connection) throws SQLException;

    /** Undoes {@link #begin} once the cursor is closed, before the connection goes back to the pool. */
    @Override
    void end(Connection connection) throws SQLException;
}
