package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.petstore.inventory.adapter.persistence.RowCursor;
import org.petstore.inventory.adapter.persistence.StoreMapper;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link StoreSnapshot} on one connection: either a read-only {@code REPEATABLE READ} transaction of its own
 * ({@link #begin}), so that its size, pets and orders all show the store at the moment of its first read, or a view
 * into a load's open transaction ({@link #within}). Its streams read from cursors, one at a time.
 */
final class JdbcStoreSnapshot implements StoreSnapshot {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcStoreSnapshot.class);

    /** What closing the snapshot does to its connection. */
    @FunctionalInterface
    interface Ending {

        void end(Connection connection) throws SQLException;
    }

    private final Connection connection;
    private final TransferStatements statements;
    private final TransferFailures failures;
    private final Ending ending;
    private Stream<?> open;
    private boolean closed;

    private JdbcStoreSnapshot(Connection connection, TransferStatements statements, TransferFailures failures,
            Ending ending) {
        this.connection = connection;
        this.statements = statements;
        this.failures = failures;
        this.ending = ending;
    }

    /**
     * A snapshot in a transaction of its own on the connection. Closing it ends the transaction, restores the
     * connection's settings and then {@code release}s the connection (back to its pool, say).
     */
    static JdbcStoreSnapshot begin(Connection connection, TransferStatements statements, TransferFailures failures,
            Ending release) {
        try {
            ConnectionState saved = ConnectionState.of(connection);
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            connection.setReadOnly(true);
            statements.beginStreaming(connection);
            return new JdbcStoreSnapshot(connection, statements, failures, ended -> {
                try {
                    ended.rollback();
                    statements.endStreaming(ended);
                    saved.restore(ended);
                } finally {
                    release.end(ended);
                }
            });
        } catch (SQLException | RuntimeException e) {
            try {
                release.end(connection);
            } catch (SQLException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw failures.translate(e);
        }
    }

    /** A view into the connection's open transaction; closing it leaves the transaction open. */
    static JdbcStoreSnapshot within(Connection connection, TransferStatements statements, TransferFailures failures) {
        try {
            statements.beginStreaming(connection);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
        return new JdbcStoreSnapshot(connection, statements, failures, statements::endStreaming);
    }

    @Override
    public String identity() {
        return identity(connection, statements, failures);
    }

    /** Which database the connection is connected to, as {@link TransferStatements#identity} says it. */
    static String identity(Connection connection, TransferStatements statements, TransferFailures failures) {
        try {
            return statements.identity(connection);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public StoreSize size() {
        return size(connection, failures);
    }

    static StoreSize size(Connection connection, TransferFailures failures) {
        return oneRow(connection, failures, TransferStatements.SELECT_SIZE,
                row -> new StoreSize(row.getLong(1), row.getLong(2), row.getLong(3)));
    }

    @Override
    public Stream<CatalogueEntry> catalogue() {
        return opened(TransferStatements.SELECT_CATALOGUE, StoreMapper::catalogueEntry);
    }

    @Override
    public Stream<Order> orders() {
        return opened(TransferStatements.SELECT_ORDERS, StoreMapper::order);
    }

    @Override
    public LedgerRange ledgerRange() {
        return ledgerRange(connection, failures);
    }

    static LedgerRange ledgerRange(Connection connection, TransferFailures failures) {
        return oneRow(connection, failures, TransferStatements.SELECT_LEDGER_RANGE,
                row -> new LedgerRange(row.getLong(1), row.getLong(2)));
    }

    /** The one row a query of the store's own tables answers, mapped. */
    private static <T> T oneRow(Connection connection, TransferFailures failures, String sql,
            RowCursor.RowMapper<T> mapper) {
        try (PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("the store answered no row to " + sql + ": it was not made by this "
                        + "program's migrations");
            }
            return mapper.map(row);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public Stream<StockChange> changes() {
        return opened(TransferStatements.SELECT_CHANGES, StoreMapper::stockChange);
    }

    private <T> Stream<T> opened(String sql, RowCursor.RowMapper<T> mapper) {
        if (closed) {
            throw new IllegalStateException("the snapshot is closed");
        }
        closeOpenStream();
        Stream<T> rows = ResultRows.stream(connection, sql, mapper, failures);
        open = rows;
        return rows;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeOpenStream();
        try {
            ending.end(connection);
        } catch (SQLException | RuntimeException e) {
            // a connection that broke is evicted by its pool; nothing was written through a snapshot
            LOG.debug("Ending a snapshot: {}", e.toString());
        }
    }

    private void closeOpenStream() {
        if (open != null) {
            open.close();
            open = null;
        }
    }
}
