package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says at startup which database the inventory lives in: backend, server version, URL and user. Never the password.
 */
@Singleton
final class DatabaseStartupReport implements ApplicationEventListener<StartupEvent> {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseStartupReport.class);

    private final TransactionOperations<Connection> transactions;
    private final DatabaseConfiguration database;

    DatabaseStartupReport(TransactionOperations<Connection> transactions, DatabaseConfiguration database) {
        this.transactions = transactions;
        this.database = database;
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        String backend = database.backend().map(DatabaseBackend::displayName).orElse("unknown");
        String server = transactions.executeRead(status -> describe(status.getConnection()));
        LOG.info("Inventory database: {} - {} at {}", backend, server, database.redactedUrl());
    }

    private static String describe(Connection connection) {
        try {
            DatabaseMetaData metaData = connection.getMetaData();
            return metaData.getDatabaseProductName() + " " + metaData.getDatabaseProductVersion()
                    + ", user " + metaData.getUserName();
        } catch (SQLException e) {
            return "server details unavailable (" + e.getMessage() + ")";
        }
    }
}
