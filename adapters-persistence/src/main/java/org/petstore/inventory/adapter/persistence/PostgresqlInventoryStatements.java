package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;

/**
 * The inventory's SQL on PostgreSQL: a recorded change is one statement of data-modifying {@code WITH} queries.
 *
 * <p>The driver reads a query's whole result before it returns the first row, unless the query runs inside a
 * transaction with a fetch size: then it reads through a server-side portal, {@link RowCursor#FETCH_SIZE} rows at a
 * time. So a list runs in a read-only transaction ({@code BEGIN READ ONLY}, sent with the query: no extra round trip),
 * rolled back when the cursor is released. Its version comes with the rows, from uncorrelated scalar subqueries of the
 * select list, which PostgreSQL computes once, before the first row, as InitPlans ({@code EXPLAIN} shows them), in the
 * statement's snapshot: no second statement or round trip.
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
final class PostgresqlInventoryStatements implements InventoryStatements {

    /**
     * Read, record, move the head and change in one statement of data-modifying {@code WITH} queries, which all see
     * the snapshot the statement starts with (taken after the head was locked, so no other writer changes an entry
     * meanwhile) and each run once: {@code before} the entries of the changes ({@code u}), each with the count its
     * change asks for and whether {@link InventoryStatements#CHANGES_THE_COUNT} makes it; {@code made} those it makes,
     * their records with the ids after the head's, the head moved on by as many, the counts changed; it answers
     * {@code before}.
     */
    private static final String RECORD_AND_CHANGE = """
            WITH before AS (
                SELECT i.pet_id, i.quantity, p.status, i.version, %s AS to_quantity, (%s) AS makes,
                       u.source, u.key_id, u.request_id, u.reason
                FROM %s JOIN inventory_item i ON i.pet_id = u.pet_id JOIN pet p ON p.id = i.pet_id),
            made AS (SELECT * FROM before WHERE makes),
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
            SELECT pet_id, quantity, status, version FROM before""".formatted(InventoryStatements.NEW_COUNT,
            InventoryStatements.CHANGES_THE_COUNT, InventoryStatements.CHANGES, StoreMapper.STOCK_CHANGE_COLUMNS);

    /** The head's lock, then {@link #RECORD_AND_CHANGE}. */
    private static final String LOCK_RECORD_AND_CHANGE = StockLedgerHead.LOCK + ";\n" + RECORD_AND_CHANGE;

    @Override
    public Map<Long, InventoryEntry> recordAndChange(Connection connection, List<EntryChange> changes)
            throws SQLException {
        return run(connection, false, changes);
    }

    /**
     * The head's lock and {@link #RECORD_AND_CHANGE} in one message, in autocommit: the driver sends them with one
     * Sync, and PostgreSQL runs the statements before a Sync as one implicit transaction, committed when the message
     * ends and rolled back whole when one fails. One round trip, the commit included.
     */
    @Override
    public Map<Long, InventoryEntry> lockRecordAndChange(Connection connection, List<EntryChange> changes)
            throws SQLException {
        return run(connection, true, changes);
    }

    private static Map<Long, InventoryEntry> run(Connection connection, boolean lockHead, List<EntryChange> changes)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                lockHead ? LOCK_RECORD_AND_CHANGE : RECORD_AND_CHANGE)) {
            SqlArrays.bindChanges(statement, 1, changes);
            statement.execute();
            if (lockHead) {
                statement.getMoreResults(); // past the head's row
            }
            try (ResultSet before = statement.getResultSet()) {
                return InventoryStatements.entriesByPet(before);
            }
        }
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
