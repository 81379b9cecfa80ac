package org.petstore.inventory.adapter.persistence;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * How this adapter calls the database, written once: every call within its deadline ({@link DatabaseDeadlines}), its
 * failure translated for the application ({@link StorageFailures}: a database that cannot be reached is
 * {@link StorageUnavailableException}). The catalogue's Micronaut Data repositories run in a transaction of
 * Micronaut's ({@link #read}), to which Micronaut Data binds its connection. The hand-written JDBC (the inventory, the
 * stock ledger, the idempotency keys, the API keys of {@code access}) takes pooled connections of its own
 * ({@link #connection}) straight from the pool, unwrapped from Micronaut Data's contextual proxy: a streamed list keeps
 * its connection after the call returns, until the stream is closed, and the combined changes on PostgreSQL send their
 * statements in autocommit, in one message with their commit. A {@link #call} runs in autocommit, or
 * {@link #inTransaction} where its statements must commit together; work the database aborted to resolve a deadlock or
 * a serialization failure is tried again ({@link #retryingConflicts}).
 */
@Singleton
public final class DatabaseCalls {

    /** Attempts of work that the database aborted to resolve a deadlock or a serialization failure. */
    static final int ATTEMPTS = 3;

    /** Work on a connection. */
    @FunctionalInterface
    public interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    private final TransactionOperations<Connection> transactions;
    private final DataSource pool;
    private final DatabaseDeadlines deadlines;

    DatabaseCalls(TransactionOperations<Connection> transactions, DataSource dataSource,
            DatabaseDeadlines deadlines) {
        this.transactions = transactions;
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.deadlines = deadlines;
    }

    /** The work of a Micronaut Data repository, in a read-only transaction of its own. */
    public <T> T read(Supplier<T> work) {
        DatabaseDeadlines.Deadline deadline = deadlines.start();
        try {
            return StorageFailures.succeeded(transactions.executeRead(status -> {
                try {
                    deadline.bound(status.getConnection());
                } catch (SQLException e) {
                    throw new DataAccessException("The database call could not be bounded: " + e.getMessage(), e);
                }
                return work.get();
            }));
        } catch (RuntimeException e) {
            throw StorageFailures.translate(e);
        }
    }

    /** The deadline of a call that starts now. */
    DatabaseDeadlines.Deadline start() {
        return deadlines.start();
    }

    /**
     * A pooled connection in autocommit (the pool's default), so that each statement commits by itself, whose reads
     * are bounded by the deadline; {@code null}: by nothing yet (the caller bounds it).
     */
    Connection connection(DatabaseDeadlines.@Nullable Deadline deadline) throws SQLException {
        Connection connection = pool.getConnection();
        try {
            if (deadline != null) {
                deadline.bound(connection);
            }
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /** The work on a connection of its own, within a deadline that starts now: its result, or its failure translated. */
    public <T> T call(Work<T> work) {
        try (Connection connection = connection(deadlines.start())) {
            return StorageFailures.succeeded(work.on(connection));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /**
     * The work as one transaction of the connection: committed when it returns, rolled back when it throws, the
     * connection in autocommit again either way. A failure is thrown as it happened: a connection that broke cannot
     * roll back either, and that must not hide why.
     */
    public static <T> T inTransaction(Connection connection, Work<T> work) throws SQLException {
        connection.setAutoCommit(false);
        T result;
        try {
            result = work.on(connection);
            connection.commit();
        } catch (SQLException | RuntimeException | Error e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException rollbackFailure) {
                e.addSuppressed(rollbackFailure);
            }
            throw e;
        }
        connection.setAutoCommit(true);
        return result;
    }

    /**
     * The work, done again when the database aborted it to resolve a deadlock or a serialization failure (it changed
     * nothing then), {@value #ATTEMPTS} times at most.
     */
    public static <T> T retryingConflicts(Connection connection, Work<T> work) throws SQLException {
        for (int attempt = 1; ; attempt++) {
            try {
                return work.on(connection);
            } catch (SQLException e) {
                if (attempt == ATTEMPTS || DatabaseFailure.of(e) != DatabaseFailure.CONFLICT) {
                    throw e;
                }
            }
        }
    }
}
