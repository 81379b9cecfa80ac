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
 * Says at startup which database the inventory lives in: backend, server version, user, and where: the embedded
 * database's file by its absolute path, else the URL. Never the password.
 * {@link AfterStoreMigration} has it say so once the store is ready.
 */
@Singleton
final class DatabaseStartupReport {

    private static final Logger LOG = LoggerFactory.getLogger(DatabaseStartupReport.class);

    /** The extension H2 (MVStore) gives the file of a database kept in files. */
    private static final String H2_FILE_EXTENSION = ".mv.db";

    private final DatabaseConfiguration database;

    DatabaseStartupReport(DatabaseConfiguration database) {
        this.database = database;
    }

    void report(DataSource store) {
        String server;
        try (Connection connection = store.getConnection()) {
            DatabaseMetaData metaData = connection.getMetaData();
            server = metaData.getDatabaseProductName() + " " + metaData.getDatabaseProductVersion()
                    + ", user " + metaData.getUserName();
        } catch (SQLException e) {
            server = "server details unavailable (" + e.getMessage() + ")";
        }
        String backend = database.backend().map(DatabaseBackend::displayName).orElse("unknown");
        LOG.info("Inventory database: {} - {} at {}", backend, server, location());
    }

    /**
     * Where the data is: an embedded database's file by its absolute path (a relative URL such as
     * {@code jdbc:h2:file:./data/petstore} does not say which directory it is relative to); else the URL.
     */
    private String location() {
        return database.backend().filter(DatabaseBackend.H2::equals)
                .flatMap(h2 -> DatabaseUrlCheck.h2Database(database.url()))
                .map(file -> file + H2_FILE_EXTENSION)
                .orElseGet(database::redactedUrl);
    }


}
