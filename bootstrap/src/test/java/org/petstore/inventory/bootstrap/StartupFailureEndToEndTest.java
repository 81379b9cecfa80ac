package org.petstore.inventory.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * Every way a start can fail that an operator can cause, with the service started as {@code main} starts it and
 * configured by environment variables, here in this JVM ({@link FailedStart#inThisJvm}): it ends with exit status 1
 * and writes exactly one line about it, an {@code ERROR} that names the cause and the setting to change; no stack
 * trace and no other warning or error. The cases that only a process of its own can show (the JVM's exit status and
 * output, its options, the logging set from its environment, another process on the same files, the server's own
 * failure) are {@link StartupFailureProcessTest}'s.
 */
@Tag("whole-log") // it captures or configures the JVM's logging: no other test class runs beside it (pom.xml)
class StartupFailureEndToEndTest {

    @TempDir
    Path work;

    // ---- settings whose values are not valid

    @Test
    void aNumberThatIsNotANumber() {
        assertFailsWith("PETSTORE_SERVER_MAX_CONNECTIONS is 'lots', which is not a whole number",
                Map.of("PETSTORE_SERVER_MAX_CONNECTIONS", "lots"));
        assertFailsWith("PETSTORE_PORT is 'http', which is not a whole number", Map.of("PETSTORE_PORT", "http"));
        assertFailsWith("DATASOURCES_DEFAULT_CONNECTION_TIMEOUT is '5s', which is not a whole number",
                Map.of("DATASOURCES_DEFAULT_CONNECTION_TIMEOUT", "5s"));
    }

    /** Settings that Micronaut and its modules read, not the service: they stop the start as the service's own do. */
    @Test
    void aFrameworkSettingThatCannotBeUsed() {
        assertFailsWith("ENDPOINTS_HEALTH_DETAILS_VISIBLE is 'bogus', which is not one of NEVER, AUTHENTICATED or "
                + "ANONYMOUS", Map.of("ENDPOINTS_HEALTH_DETAILS_VISIBLE", "bogus"));
        assertFailsWith("DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE is 'many', which is not a whole number",
                Map.of("DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE", "many"));
    }

    @Test
    void aNumberOutOfItsRange() {
        assertFailsWith("PETSTORE_SERVER_MAX_CONNECTIONS must be at least 1, got 0",
                Map.of("PETSTORE_SERVER_MAX_CONNECTIONS", "0"));
        assertFailsWith("DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE is '0': maxPoolSize cannot be less than 1",
                Map.of("DATASOURCES_DEFAULT_MAXIMUM_POOL_SIZE", "0"));
    }

    @Test
    void aDurationASizeOrAnInstantThatIsNotOne() {
        assertFailsWith("PETSTORE_IDLE_TIMEOUT is 'a minute', which is not a duration such as 500ms, 10s or 2m",
                Map.of("PETSTORE_IDLE_TIMEOUT", "a minute"));
        assertFailsWith("PETSTORE_READINESS_DATABASE_TIMEOUT is 'soon', which is not a duration such as 500ms, 10s "
                + "or 2m", Map.of("PETSTORE_READINESS_DATABASE_TIMEOUT", "soon"));
        assertFailsWith("PETSTORE_MAX_REQUEST_SIZE is '64QB', which is not a size such as 64KB or 1MB",
                Map.of("PETSTORE_MAX_REQUEST_SIZE", "64QB"));
        assertFailsWith("PETSTORE_PETS_SUNSET_AT is 'next year', which is not an instant such as "
                + "2026-01-01T00:00:00Z", Map.of("PETSTORE_PETS_SUNSET_AT", "next year"));
    }

    @Test
    void aSwitchThatIsNeitherTrueNorFalse() {
        assertFailsWith("PETSTORE_DEMO_DATA is 'maybe', which is not true or false",
                Map.of("PETSTORE_DEMO_DATA", "maybe"));
    }

    @Test
    void settingsThatContradictEachOther() {
        assertFailsWith("PETSTORE_PETS_SUNSET_AT (2025-01-01T00:00:00Z) must not be earlier than "
                + "PETSTORE_PETS_DEPRECATED_AT (2026-01-01T00:00:00Z)",
                Map.of("PETSTORE_PETS_SUNSET_AT", "2025-01-01T00:00:00Z"));
    }

    @Test
    void anApiKeyEntryThatIsNotADigest() {
        assertFailsWith("Entry 2 of PETSTORE_API_KEYS starts with 'sha256:' but is not followed by the 64 hex "
                + "digits of a SHA-256 digest: compute one with: printf %s \"$KEY\" | sha256sum",
                Map.of("PETSTORE_API_KEYS", "a-key,sha256:abc"));
    }

    /** A level that does not exist: {@link StartupFailureProcessTest}. */
    @Test
    void aLogFormatThatDoesNotExist() {
        assertFailsWith("PETSTORE_LOG_FORMAT is 'xml', which is not one of text, json",
                Map.of("PETSTORE_LOG_FORMAT", "xml"));
    }

    // ---- the HTTP port

    // a port in use: StartupFailureProcessTest

    @Test
    void aPortOutOfRange() {
        assertFailsWith("the HTTP server cannot listen on port 70000 (port out of range:70000); set PETSTORE_PORT to "
                + "a port from 1 to 65535", Map.of("PETSTORE_PORT", "70000"));
    }

    // ---- the embedded database

    // the files in use by another process: StartupFailureProcessTest

    /** A file where the directory should be: not writable for any user, root included. */
    @Test
    void anEmbeddedDatabaseDirectoryThatCannotBeWritten() throws IOException {
        Path file = Files.writeString(work.resolve("not-a-directory"), "x");
        assertFailsWith("the directory of the embedded database, " + file.resolve("data") + ", cannot be used "
                + "(FileSystemException: " + file.resolve("data") + ": Not a directory); set PETSTORE_DATA_DIR to a "
                + "directory the service may write", Map.of("PETSTORE_DATA_DIR", file.resolve("data").toString()));
    }

    /**
     * A schema whose history does not match this version's migrations (here an applied migration that was edited
     * since): Flyway refuses it, and the start says so.
     */
    @Test
    void anEmbeddedDatabaseWhoseAppliedMigrationWasEdited() throws SQLException {
        Path dataDir = work.resolve("edited-data");
        String url = "jdbc:h2:file:" + dataDir + "/petstore;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;TRACE_LEVEL_FILE=0";
        Flyway.configure().dataSource(url, "sa", "")
                .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new)).load().migrate();
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            statement.execute("UPDATE \"flyway_schema_history\" SET \"checksum\" = \"checksum\" + 1 "
                    + "WHERE \"version\" = '3'");
        }
        assertFailsWith("the schema of the inventory database at " + url + " cannot be migrated: Validate failed: "
                + "Migrations have failed validation Migration checksum mismatch for migration version 3 -> Applied to "
                + "database : 155543744 -> Resolved locally    : 155543743 Either revert the changes to the migration, or "
                + "run repair to update the schema history. Need more flexibility with validation rules? Learn more: "
                + "https://rd.gt/3AbJUZE", Map.of("PETSTORE_DATA_DIR", dataDir.toString()));
    }

    @Test
    void aDatabaseTheServiceDoesNotSupport() {
        assertFailsWith("DATASOURCES_DEFAULT_URL is 'jdbc:mysql://db.example:3306/petstore', not a database the "
                + "service supports: it must start with jdbc:h2: (the embedded database) or jdbc:postgresql: "
                + "(PostgreSQL)", Map.of("DATASOURCES_DEFAULT_URL", "jdbc:mysql://db.example:3306/petstore"));
    }

    // ---- PostgreSQL

    @Test
    void aDatabaseServerThatCannotBeReached() {
        int closedPort = FreePort.next();
        String url = "jdbc:postgresql://127.0.0.1:" + closedPort + "/petstore";
        assertFailsWith("the inventory database at " + url + " cannot be reached (Connection to 127.0.0.1:"
                + closedPort + " refused); check that the database server is running and that DATASOURCES_DEFAULT_URL "
                + "names its host and port", postgres(url, "postgres", "secret"));
    }

    @Test
    void aDatabaseHostThatDoesNotExist() {
        String url = "jdbc:postgresql://no-such-host.invalid:5432/petstore";
        assertFailsWith("the host of the inventory database, no-such-host.invalid, is unknown; correct the host in "
                + "DATASOURCES_DEFAULT_URL (" + url + ")", postgres(url, "postgres", "secret"));
    }

    @Test
    void credentialsTheDatabaseRefuses() {
        String url = TestPostgres.newDatabase().get("datasources.default.url").replaceFirst("\\?.*", "");
        assertFailsWith("the inventory database at " + url + " refused the user and password (FATAL: role "
                + "\"nobody_here\" does not exist); set DATASOURCES_DEFAULT_USERNAME and DATASOURCES_DEFAULT_PASSWORD",
                postgres(url, "nobody_here", "wrong"));
    }

    /** A server that asks for a password (as PostgreSQL set up for production does), and no password is set. */
    @Test
    void noPasswordSetForADatabaseThatAsksForOne() throws IOException {
        try (EmbeddedPostgres server = TestPostgres.startRequiringPasswords(work.resolve("postgres"), "petstore",
                "its-password", "petstore")) {
            String url = "jdbc:postgresql://localhost:" + server.getPort() + "/petstore";
            assertFailsWith("the inventory database at " + url + " asks user petstore for a password, and none is "
                    + "set; set DATASOURCES_DEFAULT_PASSWORD", Map.of("DATASOURCES_DEFAULT_URL", url,
                    "DATASOURCES_DEFAULT_USERNAME", "petstore"));
        }
    }

    @Test
    void aDatabaseThatDoesNotExist() {
        Map<String, String> database = TestPostgres.newDatabase();
        String url = database.get("datasources.default.url").replaceFirst("/[^/?]+(\\?|$)", "/no_such_database$1");
        assertFailsWith("the inventory database at " + url + " does not exist (FATAL: database \"no_such_database\" "
                + "does not exist); create it (empty, owned by the service's user) or correct the database name in "
                + "DATASOURCES_DEFAULT_URL", postgres(url, database.get("datasources.default.username"),
                database.get("datasources.default.password")));
    }

    // ----

    private static Map<String, String> postgres(String url, String user, String password) {
        return Map.of("DATASOURCES_DEFAULT_URL", url, "DATASOURCES_DEFAULT_USERNAME", user,
                "DATASOURCES_DEFAULT_PASSWORD", password);
    }

    /**
     * Starts the service with the given variables (on a fresh data directory, a free port and a key unless they say
     * otherwise) and asserts that it fails with status 1 after exactly one line that tells the expected cause, and
     * with no stack trace, warning or other error.
     */
    private void assertFailsWith(String expectedCause, Map<String, String> variables) {
        Map<String, String> environment = new HashMap<>();
        environment.put("PETSTORE_DATA_DIR", work.resolve("data-" + System.nanoTime()).toString());
        environment.put("PETSTORE_PORT", "" + FreePort.next());
        environment.put("PETSTORE_API_KEYS", "startup-test-key");
        environment.putAll(variables);

        FailedStart.inThisJvm(environment).assertFailsWith(expectedCause);
    }
}
