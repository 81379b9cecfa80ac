package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's SQL on PostgreSQL.
 *
 * <p>The change is {@code UPDATE ... FROM unnest(...)}; the statements of a recorded change (lock the head, read the
 * entries, record, move the head, change) travel in one message: one round trip, the commit included.
 *
 * <p>The PostgreSQL driver reads a query's whole result before it returns the first row, unless the query runs inside
 * a transaction with a fetch size: then it reads through a server-side portal, {@link RowCursor#FETCH_SIZE} rows at a
 * time. So a list runs in a read-only transaction ({@code BEGIN READ ONLY}, which the driver sends together with the
 * query: no extra round trip), ended by a rollback (nothing was written) when the cursor is released.
 *
 * <p>The list's version comes with the rows, from uncorrelated scalar subqueries in the select list of the same
 * statement: PostgreSQL computes each once, before the first row, as an InitPlan, in the statement's snapshot, so
 * the version (the number of entries, the sum of their versions, the removal count) describes exactly the rows,
 * without a second statement or round trip. The rest of the plan is the list's as before ({@code EXPLAIN} shows the
 * three InitPlans above it).
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
final class PostgresqlInventoryStatements implements InventoryStatements {

    /**
     * The changes of several entries as one statement: the changes come in as three arrays, {@code unnest} makes them
     * rows, and the update joins them. They come in {@code pet_id} order, and the plan locks the rows in some order
     * of its own; no two such statements wait for each other's rows anyway, since each runs while its transaction
     * holds the ledger's head. The new count is computed from the row as it is ({@code i.quantity} in {@code SET}
     * is the value before the update).
     */
    private static final String CHANGE_QUANTITIES = """
            UPDATE inventory_item i SET quantity = CAST(%s AS integer), version = i.version + 1
            FROM unnest(CAST(? AS bigint[]), CAST(? AS integer[]), CAST(? AS bigint[])) AS u(pet_id, quantity, delta)
            WHERE i.pet_id = u.pet_id AND %s""".formatted(JdbcStockLedger.NEW_COUNT, JdbcStockLedger.CHANGES_THE_COUNT);

    /**
     * Read, record, move the head and change in one statement of data-modifying {@code WITH} queries, which all see
     * the snapshot the statement starts with (taken after the head was locked, so no other writer changes an entry
     * meanwhile) and each run once: {@code before} the entries with the new count of each change, {@code made} those
     * the rule selects ({@link JdbcStockLedger#CHANGES_THE_COUNT}: in range and not the count already), their records
     * with the ids after the head's, the head moved on by as many, the counts changed; it answers {@code before}.
     */
    private static final String READ_RECORD_AND_CHANGE = """
            WITH u AS (
                SELECT * FROM unnest(CAST(? AS bigint[]), CAST(? AS integer[]), CAST(? AS bigint[]),
                                     CAST(? AS varchar(16)[]), CAST(? AS varchar(128)[]), CAST(? AS varchar(128)[]),
                                     CAST(? AS varchar(16)[]))
                    AS u(pet_id, quantity, delta, source, key_id, request_id, reason)),
            before AS (
                SELECT i.pet_id, i.quantity, p.status, i.version, %s AS to_quantity,
                       u.source, u.key_id, u.request_id, u.reason
                FROM u JOIN inventory_item i ON i.pet_id = u.pet_id JOIN pet p ON p.id = i.pet_id),
            made AS (
                SELECT * FROM before WHERE to_quantity BETWEEN 0 AND 2147483647 AND to_quantity <> quantity),
            recorded AS (
                INSERT INTO stock_change (%s)
                SELECT h.last_change_id + ROW_NUMBER() OVER (ORDER BY m.pet_id), m.pet_id, m.quantity,
                       CAST(m.to_quantity AS integer), m.version + 1, CURRENT_TIMESTAMP, m.source, m.key_id,
                       m.request_id, m.reason
                FROM made m CROSS JOIN stock_ledger_head h WHERE h.id = 1),
            moved AS (
                UPDATE stock_ledger_head SET last_change_id = last_change_id + (SELECT COUNT(*) FROM made)
                WHERE id = 1),
            changed AS (
                UPDATE inventory_item i SET quantity = CAST(m.to_quantity AS integer), version = i.version + 1
                FROM made m WHERE i.pet_id = m.pet_id)
            SELECT pet_id, quantity, status, version FROM before""".formatted(JdbcStockLedger.NEW_COUNT,
            StoreMapper.STOCK_CHANGE_COLUMNS);

    @Override
    public Optional<String> readRecordAndChange() {
        return Optional.of(READ_RECORD_AND_CHANGE);
    }

    /** The driver sends a query of several statements as one message, each with its parameters. */
    @Override
    public boolean sendsTogether() {
        return true;
    }

    @Override
    public String changeQuantities() {
        return CHANGE_QUANTITIES;
    }

    private static final String SELECT_ALL_WITH_VERSION = """
            SELECT i.pet_id, i.quantity, p.status, i.version,
                   (SELECT COUNT(*) FROM inventory_item), (SELECT COALESCE(SUM(version), 0) FROM inventory_item),
                   %s
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""".formatted(InventoryStatements.REMOVALS);

    private static final RowCursor.Summary<InventoryVersion> LIST_VERSION = new RowCursor.Summary.InFirstRow<>(
            row -> StoreMapper.inventoryVersion(row, 5), InventoryVersion.EMPTY);

    @Override
    public String selectAll() {
        return SELECT_ALL_WITH_VERSION;
    }

    @Override
    public RowCursor.Summary<InventoryVersion> listVersion() {
        return LIST_VERSION;
    }

    @Override
    public void begin(Connection connection) throws SQLException {
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
    }

    @Override
    public void end(Connection connection) throws SQLException {
        connection.rollback();
        connection.setReadOnly(false);
        connection.setAutoCommit(true);
    }
}
