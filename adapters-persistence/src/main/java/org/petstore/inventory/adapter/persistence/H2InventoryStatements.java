package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's SQL on H2.
 *
 * <p>A change of counts is a {@code MERGE} of the changes, given as arrays, into the entries; the statements of a
 * recorded change run one after the other in one transaction.
 *
 * <p>H2 computes a query's whole result before it returns the first row (in memory, then in a temporary file),
 * unless the session executes queries lazily ({@code LAZY_QUERY_EXECUTION}): then the rows are produced as they are
 * fetched. The list follows the primary key index of {@code inventory_item} ({@code EXPLAIN} says
 * {@code index sorted}: no sort step), so it streams: with a million entries and a 64 MiB heap the first row comes
 * within milliseconds instead of after the whole result was written to disk.
 *
 * <p>The list's version (with the removal count) is a query of its own ({@link #SELECT_VERSION_FROM_TOTALS}), run
 * just before the list in one {@code REPEATABLE READ} transaction: H2 gives such a transaction one snapshot from
 * its first read on, so the version and the rows describe the same moment, and writes meanwhile (which never wait for
 * a reader) stay invisible to both. It cannot be a scalar subquery of the list itself, as on PostgreSQL: a lazily
 * executed query evaluates such a subquery again for every row. (The short list, read whole without lazy execution,
 * does carry the removal count in such a subquery, which H2 then computes once: see
 * {@link InventoryStatements#SELECT_ALL_WITH_REMOVALS}.) Lazy execution and the transaction are for the list's
 * connection only, undone before the connection goes back to the pool.
 *
 * <p>That version is read from the totals that a trigger keeps as the entries change ({@link H2InventoryTotals}),
 * not counted from the entries: counting a million entries takes H2 about 0.3 s of CPU, which every long list and
 * every check of the cached list's version would spend before its first byte.
 *
 * <p>With {@code petstore.h2.sync-writes} ({@link H2DurabilityConfiguration}) every update statement (of one update,
 * or of several combined) is followed by {@code CHECKPOINT SYNC} on its connection, which forces the database file to
 * the disk before any of its updates is answered.
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
     * The changes of several entries as one statement ({@link UpdateCombiner}): the changes come in as three arrays,
     * {@code UNNEST} makes them rows, and {@code MERGE} changes the entries that exist and that
     * {@link JdbcStockLedger#CHANGES_THE_COUNT} selects. One commit for all of them: with {@code WRITE_DELAY=0} every
     * commit is a write to the database file.
     */
    private static final String CHANGE_QUANTITIES = """
            MERGE INTO inventory_item i
            USING (SELECT * FROM UNNEST(CAST(? AS BIGINT ARRAY), CAST(? AS INTEGER ARRAY), CAST(? AS BIGINT ARRAY)))
                AS u (pet_id, quantity, delta)
            ON i.pet_id = u.pet_id
            WHEN MATCHED AND %s THEN UPDATE SET quantity = CAST(%s AS INTEGER), version = i.version + 1"""
            .formatted(JdbcStockLedger.CHANGES_THE_COUNT, JdbcStockLedger.NEW_COUNT);

    @Override
    public String changeQuantities() {
        return CHANGE_QUANTITIES;
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
