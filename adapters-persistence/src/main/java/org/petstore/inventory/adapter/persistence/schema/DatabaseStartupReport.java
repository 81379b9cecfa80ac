package org.petstore.inventory.adapter.persistence.schema;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says at startup which database the inventory lives in: backend, server version, URL and user, and for the embedded
 * database the absolute path of the directory of its files. Never the password.
 * {@link AfterStoreMigration} has it say so once the store is ready.
 */
@Singleton
final class DatabaseStartupReport {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseStartupReport.class);

    private final DatabaseConfiguration database;

    DatabaseStartupReport(DatabaseConfiguration database) {
        this.database = database;
    }

    void report(DataSource store) {
        String server;
        try (Connection connection = store.getConnection()) {
            server = describe(connection);
        } catch (SQLException e) {
            server = unavailable(e);
        }
        log(server);
    }

    private void log(String server) {
        String backend = database.backend().map(DatabaseBackend::displayName).orElse("unknown");
        LOG.info("Inventory database: {} - {} at {}{}", backend, server, database.redactedUrl(), files());
    }

    /** Where an embedded database keeps its files, as an absolute path: a URL may name them relative to the start. */
    private String files() {
        return database.backend().filter(DatabaseBackend.H2::equals)
                .flatMap(h2 -> DatabaseUrlCheck.h2FileDirectory(database.url()))
                .map(directory -> " (files in " + directory + ")")
                .orElse("");
    }

    private static String unavailable(SQLException e) {
        return "server details unavailable (" + e.getMessage() + ")";
    }

    private static String describe(Connection connection) throws SQLException {
        DatabaseMetaData metaData = connection.getMetaData();
        return metaData.getDatabaseProductName() + " " + metaData.getDatabaseProductVersion()
                + ", user " + metaData.getUserName();
    }
}
