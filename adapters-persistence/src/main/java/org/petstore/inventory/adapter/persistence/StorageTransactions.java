package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.exceptions.DataAccessException;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Supplier;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * The transaction boundaries of the pet and order repositories: every repository method runs in one transaction of
 * its own, so a failure midway changes nothing, and a database that cannot be reached surfaces as the application's
 * {@link StorageUnavailableException}, also when it does not answer within the call's deadline
 * ({@link DatabaseDeadlines}). The application ring stays free of framework annotations.
 */
@Singleton
public final class StorageTransactions {

    private final TransactionOperations<Connection> transactions;
    private final DatabaseDeadlines deadlines;

    StorageTransactions(TransactionOperations<Connection> transactions, DatabaseDeadlines deadlines) {
        this.transactions = transactions;
        this.deadlines = deadlines;
    }

    public <T> T read(Supplier<T> work) {
        DatabaseDeadlines.Deadline deadline = deadlines.start();
        return translatingConnectionFailures(() -> transactions.executeRead(status -> {
            bound(deadline, status.getConnection());
            return work.get();
        }));
    }

    <T> T write(Supplier<T> work) {
        DatabaseDeadlines.Deadline deadline = deadlines.start();
        return translatingConnectionFailures(() -> transactions.executeWrite(status -> {
            bound(deadline, status.getConnection());
            return work.get();
        }));
    }

    /** The transaction's statements and its end, within the deadline of the call ({@link DatabaseDeadlines}). */
    private static void bound(DatabaseDeadlines.Deadline deadline, Connection connection) {
        try {
            deadline.bound(connection);
        } catch (SQLException e) {
            throw new DataAccessException("The database call could not be bounded: " + e.getMessage(), e);
        }
    }

    private static <T> T translatingConnectionFailures(Supplier<T> transaction) {
        try {
            return StorageFailures.succeeded(transaction.get());
        } catch (RuntimeException e) {
            throw StorageFailures.translate(e);
        }
    }
}
