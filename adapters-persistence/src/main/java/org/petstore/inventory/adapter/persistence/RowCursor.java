package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of a query as a {@link Stream} read from an open database cursor, each row fetched (in batches of
 * {@link #FETCH_SIZE}) when the stream asks for it, so memory does not grow with the result. The cursor owns its
 * connection, statement and result set and releases them exactly once: when the rows run out, a read fails or the
 * stream is closed. Closing may happen on any thread, any number of times, and never waits for a read in progress
 * (the reading thread releases the cursor as soon as its read returns); reading is for one thread at a time, like any
 * stream. A cursor closed or failed before its end fails when read again ({@link IllegalStateException}) rather than
 * pretending the rows ended. A {@link Summary} of the whole result is known before the first row is consumed. A
 * failure to open the cursor or to read a row surfaces as {@link StorageFailures#translate} says.
 */
public final class RowCursor<T> extends Spliterators.AbstractSpliterator<T> {

    /** Rows fetched from the database per round trip: small enough for bounded memory, large enough to be fast. */
    static final int FETCH_SIZE = 500;

    private static final Logger LOG = LoggerFactory.getLogger(RowCursor.class);

    /** How a backend prepares a connection to read from a cursor, and restores it afterwards; by default nothing. */
    interface Session {

        default void begin(Connection connection) throws SQLException {
        }

        default void end(Connection connection) throws SQLException {
        }
    }

    /** One row of the result as an object: columns by position. */
    @FunctionalInterface
    public interface RowMapper<T> {

        T map(ResultSet row) throws SQLException;
    }

    private final Connection connection;
    private final Session session;
    private final PreparedStatement statement;
    private final ResultSet rows;
    private final RowMapper<T> mapper;

    /** The first row, read with the summary when the cursor opened, until the stream asks for it. */
    private T firstRow;
    /** The rows of a result read whole when the cursor opened ({@link #openWhole}), until the stream asks for them. */
    private ArrayDeque<T> readAhead;

    /** Held while a row is read and while the resources are released; never while the row is handed on. */
    private final ReentrantLock reading = new ReentrantLock();
    private final AtomicBoolean closeRequested = new AtomicBoolean();
    private boolean released;
    private boolean exhausted;

    private RowCursor(Connection connection, Session session, PreparedStatement statement, ResultSet rows,
            RowMapper<T> mapper) {
        super(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL);
        this.connection = connection;
        this.session = session;
        this.statement = statement;
        this.rows = rows;
        this.mapper = mapper;
    }

    /** The summary of a query's result, and its rows. */
    record Summarized<S, T>(S summary, Stream<T> rows) {
    }

    /** Where the summary of a query's result comes from. Either way it is read in the same snapshot as the rows. */
    sealed interface Summary<S> {

        /**
         * From columns of the first row, which every row repeats (uncorrelated scalar subqueries of the select list,
         * computed once by the query); {@code whenEmpty} when there is no row.
         */
        record InFirstRow<S>(RowMapper<S> mapper, S whenEmpty) implements Summary<S> {
        }

        /**
         * From the first row of a query of its own, run on the cursor's connection after the session began and
         * before the rows' query: the session must make both read one snapshot (a repeatable-read transaction).
         */
        record QueriedBefore<S>(String sql, RowMapper<S> mapper) implements Summary<S> {
        }
    }

    /**
     * Runs the query inside the backend's cursor session and returns its summary with the rows as a stream that owns
     * the connection until it ends or is closed; when the query or its summary fails, everything is released at once.
     */
    static <S, T> Summarized<S, T> open(Connection connection, Session session, Summary<S> summary, String sql,
            RowMapper<T> mapper) {
        PreparedStatement statement = null;
        ResultSet rows = null;
        S summaryOfRows = null;
        try {
            session.begin(connection);
            if (summary instanceof Summary.QueriedBefore<S> queried) {
                summaryOfRows = queryOneRow(connection, queried.sql(), queried.mapper());
            }
            statement = connection.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            statement.setFetchSize(FETCH_SIZE);
            rows = statement.executeQuery();
        } catch (SQLException | RuntimeException e) {
            new RowCursor<>(connection, session, statement, rows, mapper).close();
            throw StorageFailures.translate(e);
        }
        RowCursor<T> cursor = new RowCursor<>(connection, session, statement, rows, mapper);
        if (summary instanceof Summary.InFirstRow<S> inFirstRow) {
            summaryOfRows = cursor.readFirstRow(inFirstRow.mapper(), inFirstRow.whenEmpty());
        }
        return new Summarized<>(summaryOfRows, StreamSupport.stream(cursor, false).onClose(cursor::close));
    }

    /**
     * Runs a query in autocommit (one statement, one snapshot) and reads its whole result when it has at most
     * {@code limit} rows: the summary from those rows and the columns every row repeats ({@code inFirstRow}; null
     * without a row), the rows as a stream that holds the connection like any cursor. With more rows, everything is
     * released and the result is null: the caller reads it from a cursor.
     */
    static <S, C, T> Summarized<S, T> openWhole(Connection connection, String sql, int limit, RowMapper<T> mapper,
            RowMapper<C> inFirstRow, BiFunction<List<T>, C, S> summary) {
        PreparedStatement statement = null;
        ResultSet rows = null;
        try {
            statement = connection.prepareStatement(sql);
            rows = statement.executeQuery();
            List<T> whole = new ArrayList<>();
            C firstRowSummary = null;
            while (rows.next()) {
                if (whole.isEmpty()) {
                    firstRowSummary = inFirstRow.map(rows);
                }
                if (whole.size() == limit) {
                    new RowCursor<>(connection, NO_SESSION, statement, rows, mapper).close();
                    return null;
                }
                whole.add(mapper.map(rows));
            }
            RowCursor<T> cursor = new RowCursor<>(connection, NO_SESSION, statement, rows, mapper);
            cursor.readAhead = new ArrayDeque<>(whole);
            return new Summarized<>(summary.apply(whole, firstRowSummary),
                    StreamSupport.stream(cursor, false).onClose(cursor::close));
        } catch (SQLException | RuntimeException e) {
            new RowCursor<>(connection, NO_SESSION, statement, rows, mapper).close();
            throw StorageFailures.translate(e);
        }
    }

    /** A connection used as the pool hands it out. */
    private static final Session NO_SESSION = new Session() {
    };

    private static <S> S queryOneRow(Connection connection, String sql, RowMapper<S> mapper) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql);
             ResultSet row = statement.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("The summary query returned no row");
            }
            return mapper.map(row);
        }
    }

    /** Reads the first row, keeps it for the stream, and returns the summary it carries. */
    private <S> S readFirstRow(RowMapper<S> summary, S whenEmpty) {
        reading.lock();
        try {
            if (!rows.next()) {
                exhausted = true;
                release();
                return whenEmpty;
            }
            S summaryOfRows = summary.map(rows);
            firstRow = mapper.map(rows);
            return summaryOfRows;
        } catch (SQLException | RuntimeException e) {
            release();
            throw StorageFailures.translate(e);
        } finally {
            reading.unlock();
        }
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
        T row;
        try {
            row = read();
        } finally {
            releaseIfCloseRequested();
        }
        if (row == null) {
            return false;
        }
        action.accept(row);
        return true;
    }

    /** Releases the cursor now, or, when another thread is reading a row, as soon as that read returns. */
    void close() {
        closeRequested.set(true);
        releaseIfCloseRequested();
    }

    /** The next row; {@code null} after the last one. */
    private T read() {
        reading.lock();
        try {
            if (exhausted) {
                return null;
            }
            if (released) {
                throw new IllegalStateException("The rows can no longer be read: the cursor was closed or failed");
            }
            if (firstRow != null) {
                T first = firstRow;
                firstRow = null;
                return first;
            }
            if (readAhead != null) {
                T next = readAhead.poll();
                if (next == null) {
                    exhausted = true;
                    release();
                }
                return next;
            }
            return readOpen();
        } finally {
            reading.unlock();
        }
    }

    private T readOpen() {
        try {
            if (rows.next()) {
                return mapper.map(rows);
            }
            exhausted = true;
            release();
            return null;
        } catch (SQLException | RuntimeException e) {
            release();
            throw StorageFailures.translate(e);
        }
    }

    private void releaseIfCloseRequested() {
        // a closer that found the lock taken left the release to the reader, which checks after it unlocked
        if (closeRequested.get() && reading.tryLock()) {
            try {
                release();
            } finally {
                reading.unlock();
            }
        }
    }

    /** Closes result, statement, cursor session and connection, each even when one before it fails. */
    private void release() {
        if (released) {
            return;
        }
        released = true;
        firstRow = null;
        readAhead = null;
        quietly("close the result", rows);
        quietly("close the statement", statement);
        quietly("end the cursor session", () -> session.end(connection));
        quietly("return the connection", connection);
    }

    /** A broken connection is evicted by the pool; what matters is that every step was tried. */
    private static void quietly(String step, AutoCloseable resource) {
        try {
            if (resource != null) {
                resource.close();
            }
        } catch (Exception e) {
            LOG.debug("Releasing a cursor: could not {}: {}", step, e.toString());
        }
    }
}
