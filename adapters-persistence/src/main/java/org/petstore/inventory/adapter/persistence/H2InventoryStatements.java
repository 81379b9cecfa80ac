package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's SQL on H2: a change of counts is recorded by {@code INSERT ... SELECT} and made by a {@code MERGE} of
 * the changes (given as arrays) into the entries, one statement after the other in one transaction.
 *
 * <p>H2 computes a query's whole result before it returns the first row (in memory, then in a temporary file), unless
 * the session executes queries lazily ({@code LAZY_QUERY_EXECUTION}). The list follows the primary key index
 * ({@code EXPLAIN} says {@code index sorted}), so lazily it streams: with a million entries and a 64 MiB heap the
 * first row comes within milliseconds instead of after the whole result was written to disk.
 *
 * <p>The list's version is a query of its own ({@link #SELECT_VERSION_FROM_TOTALS}), run just before the list in one
 * {@code REPEATABLE READ} transaction, which H2 gives one snapshot from its first read on (writes meanwhile, which
 * never wait for a reader, stay invisible). It cannot be a scalar subquery of the list, as on PostgreSQL: a lazily
 * executed query evaluates one again for every row (the short list, read whole and not lazily, does carry one:
 * {@link InventoryStatements#SELECT_ALL_WITH_REMOVALS}). Both are undone before the connection goes back to the pool.
 * The version is read from the totals a trigger keeps ({@link H2InventoryTotals}): counting a million entries takes
 * H2 about 0.3 s of CPU, which every long list and every check of the cached list's version would spend.
 *
 * <p>With {@code petstore.h2.sync-writes} ({@link H2DurabilityConfiguration}) every transaction that changed counts is
 * followed by {@code CHECKPOINT SYNC}, which forces the database file to the disk before its changes are answered.
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.H2_URL)
final class H2InventoryStatements implements InventoryStatements {

    private final boolean syncWrites;

    H2InventoryStatements(H2DurabilityConfiguration durability) {
        this.syncWrites = durability.syncWrites();
    }

    @Override
    public void afterWrite(Connection connection) throws SQLException {
        if (syncWrites) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("CHECKPOINT SYNC");
            }
        }
    }

    /**
     * One record per change that {@link InventoryStatements#CHANGES_THE_COUNT} makes, from the entry as it is: the
     * count before, the new one, the version the change gives, the origin, with the ids after the head's (parameters:
     * the seven arrays of {@link InventoryStatements#CHANGES}).
     */
    private static final String RECORD = """
            INSERT INTO stock_change (%s)
            SELECT h.last_change_id + ROW_NUMBER() OVER (ORDER BY i.pet_id), i.pet_id, i.quantity,
                   CAST(%s AS INTEGER), i.version + 1, CURRENT_TIMESTAMP, u.source, u.key_id, u.request_id, u.reason
            FROM inventory_item i JOIN %s ON u.pet_id = i.pet_id
            CROSS JOIN stock_ledger_head h WHERE h.id = 1 AND %s""".formatted(StoreMapper.STOCK_CHANGE_COLUMNS,
            InventoryStatements.NEW_COUNT, InventoryStatements.CHANGES, InventoryStatements.CHANGES_THE_COUNT);

    private static final String MOVE_HEAD_TO_NEWEST = "UPDATE stock_ledger_head SET last_change_id = GREATEST("
            + "last_change_id, (SELECT COALESCE(MAX(change_id), 0) FROM stock_change)) WHERE id = 1";

    /**
     * The counts the records were written for: {@code MERGE} changes the entries that exist and that
     * {@link InventoryStatements#CHANGES_THE_COUNT} selects (parameters: the seven arrays again).
     */
    private static final String CHANGE = """
            MERGE INTO inventory_item i USING %s ON i.pet_id = u.pet_id
            WHEN MATCHED AND %s THEN UPDATE SET quantity = CAST(%s AS INTEGER), version = i.version + 1"""
            .formatted(InventoryStatements.CHANGES, InventoryStatements.CHANGES_THE_COUNT,
                    InventoryStatements.NEW_COUNT);

    /**
     * Reads the entries, records, moves the head and changes, one statement after the other: each reads the entries
     * as committed when it starts, and no other transaction writes an entry while this one holds the head, so all four
     * see the same entries. One commit for all the changes: with {@code WRITE_DELAY=0} every commit is a write to the
     * database file.
     */
    @Override
    public Map<Long, InventoryEntry> recordAndChange(Connection connection, List<EntryChange> changes)
            throws SQLException {
        Map<Long, InventoryEntry> before = InventoryStatements.entriesOf(connection, changes);
        for (String sql : List.of(RECORD, MOVE_HEAD_TO_NEWEST, CHANGE)) {
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                if (sql != MOVE_HEAD_TO_NEWEST) {
                    SqlArrays.bindChanges(statement, 1, changes);
                }
                statement.executeUpdate();
            }
        }
        return before;
    }

    /**
     * The version of the whole inventory, its columns as in {@link InventoryStatements#SELECT_VERSION}, from the
     * totals kept by {@link H2InventoryTotals}: the sums over its {@value H2InventoryTotals#SHARDS} rows.
     */
    static final String SELECT_VERSION_FROM_TOTALS = "SELECT SUM(entries), SUM(version_sum), "
            + InventoryStatements.REMOVALS + " FROM inventory_totals";

    private static final RowCursor.Summary<InventoryVersion> LIST_VERSION = new RowCursor.Summary.QueriedBefore<>(
            SELECT_VERSION_FROM_TOTALS, row -> StoreMapper.inventoryVersion(row, 1));

    @Override
    public String selectAll() {
        return InventoryStatements.SELECT_ALL;
    }

    @Override
    public String selectVersion() {
        return SELECT_VERSION_FROM_TOTALS;
    }

    @Override
    public RowCursor.Summary<InventoryVersion> listVersion() {
        return LIST_VERSION;
    }

    @Override
    public void begin(Connection connection) throws SQLException {
        lazyQueryExecution(connection, true);
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    }

    @Override
    public void end(Connection connection) throws SQLException {
        connection.rollback();
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        connection.setAutoCommit(true);
        lazyQueryExecution(connection, false);
    }

    private static void lazyQueryExecution(Connection connection, boolean lazy) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LAZY_QUERY_EXECUTION " + (lazy ? "TRUE" : "FALSE"));
        }
    }
}
