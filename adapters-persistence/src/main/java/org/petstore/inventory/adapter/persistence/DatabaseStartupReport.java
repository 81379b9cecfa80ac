package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Property;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.StartupEvent;
import io.micronaut.core.annotation.Nullable;
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
    private final String jdbcUrl;

    DatabaseStartupReport(TransactionOperations<Connection> transactions,
                          @Property(name = DatabaseBackend.URL_PROPERTY) @Nullable String jdbcUrl) {
        this.transactions = transactions;
        this.jdbcUrl = jdbcUrl;
    }

    @Override
    public void onApplicationEvent(StartupEvent event) {
        String backend = DatabaseBackend.forUrl(jdbcUrl).map(DatabaseBackend::displayName).orElse("unknown");
        String server = transactions.executeRead(status -> describe(status.getConnection()));
        LOG.info("Inventory database: {} - {} at {}", backend, server, DatabaseBackend.redact(jdbcUrl));
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
