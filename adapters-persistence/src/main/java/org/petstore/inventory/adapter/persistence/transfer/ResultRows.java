package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.petstore.inventory.adapter.persistence.RowCursor;

/**
 * The rows of a query on a connection that stays open, as a stream read from the result as it is consumed (with
 * {@link TransferStatements#FETCH_SIZE}). Closing the stream closes the result and its statement, never the
 * connection: the snapshot or load that owns the connection ends it.
 */
final class ResultRows<T> extends Spliterators.AbstractSpliterator<T> {

    private final ResultSet rows;
    private final RowCursor.RowMapper<T> mapper;
    private final TransferFailures failures;

    private ResultRows(ResultSet rows, RowCursor.RowMapper<T> mapper, TransferFailures failures) {
        super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
        this.rows = rows;
        this.mapper = mapper;
        this.failures = failures;
    }

    static <T> Stream<T> stream(Connection connection, String sql, RowCursor.RowMapper<T> mapper,
            TransferFailures failures) {
        PreparedStatement statement = null;
        try {
            statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(TransferStatements.FETCH_SIZE);
            ResultSet rows = statement.executeQuery();
            PreparedStatement opened = statement;
            return StreamSupport.stream(new ResultRows<>(rows, mapper, failures), false)
                    .onClose(() -> closeQuietly(rows, opened));
        } catch (SQLException | RuntimeException e) {
            closeQuietly(null, statement);
            throw failures.translate(e);
        }
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
        T row;
        try {
            if (!rows.next()) {
                return false;
            }
            row = mapper.map(rows);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
        action.accept(row);
        return true;
    }

    private static void closeQuietly(ResultSet rows, PreparedStatement statement) {
        try {
            if (rows != null) {
                rows.close();
            }
        } catch (SQLException ignored) {
            // the statement's close below, or the end of the transaction, releases it
        }
        try {
            if (statement != null) {
                statement.close();
            }
        } catch (SQLException ignored) {
            // the end of the transaction releases it
        }
    }
}
