package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The head of the stock ledger: the one row of {@code stock_ledger_head} (migration {@code V6}) that holds the last
 * change id given. Every transaction that records changes locks it first, before any entry, and moves it on before it
 * commits, so change ids follow the order of the commits (see {@link JdbcStockLedger}). The API's updates and the
 * data commands' loads ({@code transfer}) record through it.
 */
public final class StockLedgerHead {

    static final String LOCK = "SELECT last_change_id FROM stock_ledger_head WHERE id = 1 FOR UPDATE";

    private static final String MOVE = "UPDATE stock_ledger_head SET last_change_id = ? WHERE id = 1";

    private StockLedgerHead() {
    }

    /** Locks the head until the transaction ends; the last change id given so far. */
    public static long lock(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement(LOCK);
             ResultSet row = lock.executeQuery()) {
            if (!row.next()) {
                throw new SQLException("stock_ledger_head lacks its row: changes cannot be recorded (see migration "
                        + "V6__stock_ledger.sql)");
            }
            return row.getLong(1);
        }
    }

    /** Moves the head, which the transaction holds ({@link #lock}), on to the last change id it recorded. */
    public static void move(Connection connection, long lastChangeId) throws SQLException {
        try (PreparedStatement move = connection.prepareStatement(MOVE)) {
            move.setLong(1, lastChangeId);
            move.executeUpdate();
        }
    }
}
