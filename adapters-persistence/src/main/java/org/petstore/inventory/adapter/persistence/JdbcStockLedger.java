package org.petstore.inventory.adapter.persistence;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/**
 * The {@link StockLedger} port on a relational database (table {@code stock_change}, migration {@code V6}), and its
 * retention, in portable SQL. A transaction that changes entries locks the ledger's head first
 * ({@link StockLedgerHead}), writes one row per entry it will change, from the entry as it is, with the next ids,
 * moves the head on, then changes the entries ({@link InventoryStatements#recordAndChange}; the data commands' loads in
 * {@code transfer}). The head is held until the commit, so recording transactions take their ids in commit order (a
 * reader following the ids never passes over a change that commits later with a smaller id); every writer of entries
 * takes the head before any entry, so none deadlock, and {@code from} is the count the change replaced.
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

    private final DatabaseCalls calls;

    JdbcStockLedger(DatabaseCalls calls) {
        this.calls = calls;
    }

    @Override
    public List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        return calls.call(connection -> changes(connection, CHANGES_OF, petId.value(), beforeChangeId, limit));
    }

    @Override
    public List<StockChange> changesAfter(long afterChangeId, int limit) {
        return calls.call(connection -> changes(connection, CHANGES_AFTER, afterChangeId, limit));
    }

    @Override
    public long removedThrough() {
        return calls.call(connection -> single(connection, REMOVED_THROUGH));
    }

    @Override
    public long newestChangeId() {
        return calls.call(connection -> single(connection, NEWEST));
    }

    /**
     * Removes the oldest changes made before {@code cutoff}, at most {@code batch} of them, in one short transaction
     * that moves {@code removed_through} on with them; how many it removed (0: none is that old). It never waits for
     * the head that recording transactions hold, so it holds up no change; two instances removing at once each remove
     * a batch or find that the other did ({@code removed_through} moves only from the value it read).
     */
    int removeOlderThan(Instant cutoff, int batch) {
        return calls.call(connection -> DatabaseCalls.inTransaction(connection, transaction -> {
            long from = single(transaction, REMOVED_THROUGH);
            long through = from;
            int count = 0;
            try (PreparedStatement oldest = transaction.prepareStatement(OLDEST_KEPT)) {
                oldest.setLong(1, from);
                oldest.setInt(2, batch);
                try (ResultSet row = oldest.executeQuery()) {
                    while (row.next() && row.getObject(2, OffsetDateTime.class).toInstant().isBefore(cutoff)) {
                        through = row.getLong(1);
                        count++;
                    }
                }
            }
            if (count == 0 || update(transaction, MOVE_REMOVED_THROUGH, through, from) != 1) {
                return 0;
            }
            update(transaction, REMOVE, from, through);
            return count;
        }));
    }

    private static int update(Connection connection, String sql, long first, long second) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(sql)) {
            update.setLong(1, first);
            update.setLong(2, second);
            return update.executeUpdate();
        }
    }

    private static long single(Connection connection, String sql) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("The stock ledger's tables lack their row (see migration "
                        + "V6__stock_ledger.sql)");
            }
            return row.getLong(1);
        }
    }

    /** The changes a query answers; its parameters are the values, in order (the last one, the limit). */
    private static List<StockChange> changes(Connection connection, String sql, long... values) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                select.setLong(i + 1, values[i]);
            }
            List<StockChange> changes = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    changes.add(StoreMapper.stockChange(row));
                }
            }
            return changes;
        }
    }
}
