package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.FailureCauses;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * The schema as the service's start migrates it, with the service's own configuration (Micronaut's Flyway
 * integration, {@code flyway.datasources.default} in {@code application.yml}): a new database is brought to the
 * current version, and a start on it changes nothing; a database behind is upgraded; one whose history holds an
 * edited or a failed migration is refused; one that a newer version of the service migrated further starts.
 */
class SchemaMigrationsTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private record Database(String url, String user, String password) {

        Flyway flyway(String target) {
            var configuration = Flyway.configure().dataSource(url, user, password)
                    .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new));
            return (target == null ? configuration : configuration.target(target)).load();
        }

        String currentVersion() {
            return flyway(null).info().current().getVersion().getVersion();
        }

        int applied() {
            return flyway(null).info().applied().length;
        }

        /** A row in Flyway's history, as Flyway writes one for a successful SQL migration (version: SQL literal). */
        void recordApplied(String version, String description, String script) throws SQLException {
            execute("INSERT INTO \"flyway_schema_history\" (\"installed_rank\", \"version\", \"description\", "
                    + "\"type\", \"script\", \"checksum\", \"installed_by\", \"execution_time\", \"success\") "
                    + "VALUES ((SELECT MAX(\"installed_rank\") + 1 FROM \"flyway_schema_history\"), " + version
                    + ", '" + description + "', 'SQL', '" + script + "', 1, 'sa', 1, TRUE)");
        }

        void execute(String sql) throws SQLException {
            try (Connection connection = DriverManager.getConnection(url, user, password);
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }

        /** Starts the application context on this database, as the service's start does, and stops it. */
        void start() {
            try (ApplicationContext _ = ApplicationContext.run(Map.of(
                    "datasources.default.url", url, "datasources.default.username", user,
                    "datasources.default.password", password, "petstore.demo-data", false,
                    "petstore.api-keys", "schema-test-key"))) {
                // started: the schema is migrated
            }
        }
    }

    private static Database newDatabase(String backend) {
        if (backend.equals("h2")) {
            return new Database("jdbc:h2:mem:schema-migrations-" + DATABASES.incrementAndGet()
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
        }
        Map<String, String> properties = TestPostgres.newDatabase();
        return new Database(properties.get("datasources.default.url"), properties.get("datasources.default.username"),
                properties.get("datasources.default.password"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aNewDatabaseIsMigratedAndAStartOnItChangesNothing(String backend) {
        Database database = newDatabase(backend);

        database.start();

        assertEquals("12", database.currentVersion());
        assertEquals(12, database.applied());
        database.start();
        assertEquals(12, database.applied());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aPendingMigrationIsApplied(String backend) {
        Database database = newDatabase(backend);
        database.flyway("4").migrate();

        database.start();

        assertEquals("12", database.currentVersion());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void anEditedMigrationIsRefused(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.execute("UPDATE \"flyway_schema_history\" SET \"checksum\" = \"checksum\" + 1 WHERE \"version\" = '3'");

        FlywayException refused = refusal(assertThrows(RuntimeException.class, database::start));

        assertTrue(refused.getMessage().contains("checksum mismatch"), refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aFailedMigrationIsRefused(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.execute("UPDATE \"flyway_schema_history\" SET \"success\" = FALSE WHERE \"version\" = '5'");

        refusal(assertThrows(RuntimeException.class, database::start));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aMigrationOfANewerVersionIsAccepted(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.recordApplied("'13'", "from a newer version", "V13__from_a_newer_version.sql");

        database.start();

        assertEquals("13", database.currentVersion());
    }

    /** Flyway's refusal behind a start that failed. */
    private static FlywayException refusal(RuntimeException failure) {
        return FailureCauses.chain(failure).filter(FlywayException.class::isInstance)
                .map(FlywayException.class::cast).reduce((outer, inner) -> inner)
                .orElseThrow(() -> new AssertionError("no refusal by Flyway behind " + failure, failure));
    }
}
