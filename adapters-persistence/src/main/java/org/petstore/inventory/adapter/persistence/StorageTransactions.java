package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.util.function.Supplier;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * The transaction boundaries of the pet and order repositories: every repository method runs in one transaction of
 * its own, so a failure midway changes nothing, and a database that cannot be reached surfaces as the application's
 * {@link StorageUnavailableException}. The application ring stays free of framework annotations.
 */
@Singleton
final class StorageTransactions {

    private final TransactionOperations<Connection> transactions;

    StorageTransactions(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    <T> T read(Supplier<T> work) {
        return translatingConnectionFailures(() -> transactions.executeRead(status -> work.get()));
    }

    <T> T write(Supplier<T> work) {
        return translatingConnectionFailures(() -> transactions.executeWrite(status -> work.get()));
    }

    private static <T> T translatingConnectionFailures(Supplier<T> transaction) {
        try {
            return transaction.get();
        } catch (RuntimeException e) {
            throw StorageFailures.translate(e);
        }
    }
}
