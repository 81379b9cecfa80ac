package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/**
 * The {@link StockLedger} port on a relational database (table {@code stock_change}, migration {@code V6}), and how a
 * change of the inventory is recorded in it (for {@link JdbcInventoryRepository}, and by the data commands' loads in
 * {@code transfer}). Portable SQL: the same statements run on H2 and PostgreSQL.
 *
 * <p><b>Recording.</b> A transaction that changes entries records them in this order ({@link #recording}): it
 * locks the ledger's head (the one row of {@code stock_ledger_head}, {@code SELECT ... FOR UPDATE},
 * {@link StockLedgerHead}), which holds the last change id; it writes one row per entry it will change, from the
 * entry as it is, with the next ids, and moves the head on; then it changes the entries. The head is held until the
 * commit, so the transactions that record are serialized and take their ids in the order they commit: a reader that
 * follows the ids never passes over a change that commits later with a smaller id. Every writer of entries (the
 * API's updates, an import) records, and takes the head before any entry: no two of them deadlock, and while one
 * holds the head no other changes an entry, so {@code from} is the count the change replaced.
 */
@Singleton
final class JdbcStockLedger implements StockLedger {

    private static final String COLUMNS = StoreMapper.STOCK_CHANGE_COLUMNS;

    private static final String CHANGES_OF = "SELECT " + COLUMNS + " FROM stock_change"
            + " WHERE pet_id = ? AND change_id < ? ORDER BY change_id DESC LIMIT ?";

    private static final String CHANGES_AFTER = "SELECT " + COLUMNS + " FROM stock_change"
            + " WHERE change_id > ? ORDER BY change_id LIMIT ?";

    private static final String NEWEST = "SELECT last_change_id FROM stock_ledger_head WHERE id = 1";

    private static final String REMOVED_THROUGH = "SELECT removed_through FROM stock_ledger_retention WHERE id = 1";

    /** The next batch retention may remove: the oldest changes after those removed, with their times. */
    private static final String OLDEST_KEPT = "SELECT change_id, changed_at FROM stock_change"
            + " WHERE change_id > ? ORDER BY change_id LIMIT ?";

    private static final String REMOVE = "DELETE FROM stock_change WHERE change_id > ? AND change_id <= ?";

    private static final String MOVE_REMOVED_THROUGH = "UPDATE stock_ledger_retention SET removed_through = ?"
            + " WHERE id = 1 AND removed_through = ?";

    private final DataSource pool;
    private final DatabaseDeadlines deadlines;

    JdbcStockLedger(DataSource dataSource, DatabaseDeadlines deadlines) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.deadlines = deadlines;
    }

    @Override
    public List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(CHANGES_OF)) {
            select.setLong(1, petId.value());
            select.setLong(2, beforeChangeId);
            select.setInt(3, limit);
            return StorageFailures.succeeded(changesIn(select));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    @Override
    public List<StockChange> changesAfter(long afterChangeId, int limit) {
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(CHANGES_AFTER)) {
            select.setLong(1, afterChangeId);
            select.setInt(2, limit);
            return StorageFailures.succeeded(changesIn(select));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    @Override
    public long removedThrough() {
        return single(REMOVED_THROUGH);
    }

    @Override
    public long newestChangeId() {
        return single(NEWEST);
    }

    private long single(String sql) {
        try (Connection connection = connection();
             PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("The stock ledger's tables lack their row (see migration "
                        + "V6__stock_ledger.sql)");
            }
            return StorageFailures.succeeded(row.getLong(1));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /**
     * Removes the oldest changes made before {@code cutoff}, at most {@code batch} of them, in one short transaction
     * that moves {@code removed_through} on with them; how many it removed (0: none is that old). It never waits for
     * the head that recording transactions hold, so it holds up no update; two instances removing at once each remove
     * a batch or find that the other did ({@code removed_through} moves only from the value it read).
     */
    int removeOlderThan(Instant cutoff, int batch) {
        try (Connection connection = connection()) {
            connection.setAutoCommit(false);
            try {
                long from = single(connection, REMOVED_THROUGH);
                long through = from;
                int count = 0;
                try (PreparedStatement oldest = connection.prepareStatement(OLDEST_KEPT)) {
                    oldest.setLong(1, from);
                    oldest.setInt(2, batch);
                    try (ResultSet row = oldest.executeQuery()) {
                        while (row.next() && row.getObject(2, OffsetDateTime.class).toInstant().isBefore(cutoff)) {
                            through = row.getLong(1);
                            count++;
                        }
                    }
                }
                if (count > 0 && moved(connection, from, through)) {
                    try (PreparedStatement remove = connection.prepareStatement(REMOVE)) {
                        remove.setLong(1, from);
                        remove.setLong(2, through);
                        remove.executeUpdate();
                    }
                    connection.commit();
                    return count;
                }
                connection.rollback();
                return 0;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException rollbackFailure) {
                    e.addSuppressed(rollbackFailure);
                }
                throw e;
            }
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    private static boolean moved(Connection connection, long from, long through) throws SQLException {
        try (PreparedStatement move = connection.prepareStatement(MOVE_REMOVED_THROUGH)) {
            move.setLong(1, through);
            move.setLong(2, from);
            return move.executeUpdate() == 1;
        }
    }

    private static long single(Connection connection, String sql) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    private Connection connection() throws SQLException {
        Connection connection = pool.getConnection();
        try {
            deadlines.start().bound(connection);
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static List<StockChange> changesIn(PreparedStatement select) throws SQLException {
        List<StockChange> changes = new ArrayList<>();
        try (ResultSet row = select.executeQuery()) {
            while (row.next()) {
                changes.add(StoreMapper.stockChange(row));
            }
        }
        return changes;
    }

    /**
     * One statement of a recorded change, how its parameters are set from the first one's index on, and, for a query,
     * what reads its rows (else {@code null}).
     */
    record Step(String sql, Binder binder, @Nullable Rows rows) {

        Step(String sql, Binder binder) {
            this(sql, binder, null);
        }
    }

    /** Sets a statement's parameters from {@code first} on; the index after the last one it set. */
    interface Binder {
        int bind(PreparedStatement statement, int first) throws SQLException;
    }

    /** Reads the rows a step's query answers, before the next step runs. */
    interface Rows {
        void read(ResultSet rows) throws SQLException;
    }

    /**
     * The count a change gives an entry {@code i} (of {@code inventory_item}) from its row {@code u} of the changes:
     * the quantity it sets, or the count moved by its delta, as a {@code BIGINT} (a delta cannot overflow it).
     */
    static final String NEW_COUNT = "COALESCE(u.quantity, i.quantity + u.delta)";

    /**
     * Which changes are made, the rule of {@code EntryChange.applyTo} in SQL: those whose new count is from 0 to the
     * largest count and differs from the count as it is. Every statement of a recorded change applies it, so the
     * records and the update agree.
     */
    static final String CHANGES_THE_COUNT = NEW_COUNT + " BETWEEN 0 AND 2147483647 AND " + NEW_COUNT
            + " <> i.quantity";

    /**
     * One record per change that will be made (by {@link #CHANGES_THE_COUNT}), from the entry as it is: the count
     * before, the new one, the version the change gives, the origin, with the ids after the head's. The changes come
     * as arrays of the same length (parameters 1 to 7: pet ids, quantities set or null, deltas or null, sources, key
     * ids, request ids, reasons), not as a list of values, so the statement has one text whatever the number of pets:
     * prepared and planned once by each backend.
     */
    private static final String RECORD = "INSERT INTO stock_change (" + COLUMNS + ")\n"
            + "SELECT h.last_change_id + ROW_NUMBER() OVER (ORDER BY i.pet_id), i.pet_id, i.quantity, "
            + "CAST(" + NEW_COUNT + " AS INTEGER), i.version + 1, CURRENT_TIMESTAMP, u.source, u.key_id, "
            + "u.request_id, u.reason\n"
            + "FROM inventory_item i\n"
            + "JOIN (SELECT * FROM UNNEST(CAST(? AS BIGINT ARRAY), CAST(? AS INTEGER ARRAY), CAST(? AS BIGINT ARRAY), "
            + "CAST(? AS VARCHAR(16) ARRAY), CAST(? AS VARCHAR(128) ARRAY), CAST(? AS VARCHAR(128) ARRAY), "
            + "CAST(? AS VARCHAR(16) ARRAY))) AS u (pet_id, quantity, delta, source, key_id, request_id, reason)"
            + " ON u.pet_id = i.pet_id\n"
            + "CROSS JOIN stock_ledger_head h WHERE h.id = 1 AND " + CHANGES_THE_COUNT;

    private static final String MOVE_HEAD_TO_NEWEST = "UPDATE stock_ledger_head SET last_change_id = GREATEST("
            + "last_change_id, (SELECT COALESCE(MAX(change_id), 0) FROM stock_change)) WHERE id = 1";

    /** The first statement of every writer of entries: lock the ledger's head until the transaction ends. */
    static final Step LOCK_HEAD = new Step(StockLedgerHead.LOCK, (statement, first) -> first);

    /**
     * The statements that record changes in the ledger, in order: record each change that will be made (by
     * {@link #CHANGES_THE_COUNT}), from the entry as it is, with the next ids; move the head on to the last of them.
     * A recorded change runs, in one transaction: {@link #LOCK_HEAD} (before any entry, as every writer of entries),
     * a read of its entries as they are, these, and then the update of the counts, which makes exactly the recorded
     * changes. Every statement reads the entries as committed when it starts, and no other transaction writes an
     * entry while this one holds the head, so the read, the records and the update see the same entries. Portable SQL
     * of fixed text (arrays as parameters); a pet without an entry gets neither a record nor a change.
     *
     * @param quantities the count each change sets, or {@code null} for a delta
     * @param deltas     the delta of each change, or {@code null} for a set
     */
    static List<Step> recording(long[] petIds, Integer[] quantities, Long[] deltas, ChangeOrigin[] origins) {
        return List.of(new Step(RECORD, changes(petIds, quantities, deltas, origins)),
                new Step(MOVE_HEAD_TO_NEWEST, (statement, first) -> first));
    }

    /**
     * Binds the changes as the seven arrays {@link #RECORD} takes, in its order: pet ids, quantities set or null,
     * deltas or null, sources, key ids, request ids, reasons.
     */
    static Binder changes(long[] petIds, Integer[] quantities, Long[] deltas, ChangeOrigin[] origins) {
        return (statement, first) -> {
            int count = petIds.length;
            String[] sources = new String[count];
            String[] keyIds = new String[count];
            String[] requestIds = new String[count];
            String[] reasons = new String[count];
            for (int i = 0; i < count; i++) {
                ChangeOrigin origin = origins[i];
                sources[i] = origin.source().wireName();
                keyIds[i] = origin.keyId();
                requestIds[i] = origin.requestId();
                reasons[i] = origin.reasonWireName();
            }
            int next = first;
            statement.setArray(next++, SqlArrays.bigints(statement, petIds));
            statement.setArray(next++, SqlArrays.integers(statement, quantities));
            statement.setArray(next++, SqlArrays.bigints(statement, deltas));
            statement.setArray(next++, SqlArrays.texts(statement, sources));
            statement.setArray(next++, SqlArrays.texts(statement, keyIds));
            statement.setArray(next++, SqlArrays.texts(statement, requestIds));
            statement.setArray(next++, SqlArrays.texts(statement, reasons));
            return next;
        };
    }

    /**
     * Runs the steps in order on the connection's transaction, each as a statement of its own or, {@code together},
     * all in one message (one round trip); the rows of each step that reads them are read before the next step's.
     */
    static void run(Connection connection, List<Step> steps, boolean together) throws SQLException {
        if (together) {
            try (PreparedStatement all = connection.prepareStatement(
                    String.join(";\n", steps.stream().map(Step::sql).toList()))) {
                int next = 1;
                for (Step step : steps) {
                    next = step.binder().bind(all, next);
                }
                boolean rows = all.execute();
                for (Step step : steps) {
                    if (rows) {
                        try (ResultSet result = all.getResultSet()) {
                            if (step.rows() != null) {
                                step.rows().read(result);
                            }
                        }
                    } else if (step.rows() != null) {
                        throw new SQLException("the step answered no rows: " + step.sql());
                    }
                    rows = all.getMoreResults();
                }
            }
            return;
        }
        for (Step step : steps) {
            try (PreparedStatement statement = connection.prepareStatement(step.sql())) {
                step.binder().bind(statement, 1);
                if (step.rows() == null) {
                    statement.execute();
                } else {
                    try (ResultSet result = statement.executeQuery()) {
                        step.rows().read(result);
                    }
                }
            }
        }
    }
}
