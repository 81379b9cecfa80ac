package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A start runs Flyway only when the store's schema is not current ({@link StoreMigrations}): the migrations it knows
 * are the ones Flyway finds, with Flyway's checksums; a store that Flyway migrated is current; every other history
 * (new, pending, edited, failed, from a newer version) gets Flyway's run, which migrates it or refuses it as before.
 */
class StoreMigrationsTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private record Database(String url, String user, String password) {

        Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        javax.sql.DataSource dataSource() {
            if (url.startsWith("jdbc:h2:")) {
                JdbcDataSource h2 = new JdbcDataSource();
                h2.setURL(url);
                h2.setUser(user);
                h2.setPassword(password);
                return h2;
            }
            PGSimpleDataSource postgresql = new PGSimpleDataSource();
            postgresql.setURL(url);
            postgresql.setUser(user);
            postgresql.setPassword(password);
            return postgresql;
        }

        Flyway flyway(String target) {
            var configuration = StoreMigrations.configure(Flyway.configure().dataSource(url, user, password), url);
            return (target == null ? configuration : configuration.target(target)).load();
        }

        boolean isCurrent() throws SQLException {
            try (Connection connection = connect()) {
                return StoreMigrations.isCurrent(connection, url);
            }
        }

        /** Flyway's history, one line per migration: for the message of a failed assertion. */
        String history() throws SQLException {
            StringBuilder history = new StringBuilder();
            try (Connection connection = connect(); Statement statement = connection.createStatement();
                 ResultSet row = statement.executeQuery("SELECT \"version\", \"script\", \"checksum\", "
                         + "\"success\", \"type\" FROM \"flyway_schema_history\" ORDER BY \"installed_rank\"")) {
                while (row.next()) {
                    history.append(row.getString(1)).append('|').append(row.getString(2)).append('|')
                            .append(row.getInt(3)).append('|').append(row.getBoolean(4)).append('|')
                            .append(row.getString(5)).append('\n');
                }
            }
            return history.toString();
        }

        /** A row in Flyway's history, as Flyway writes one for a successful SQL migration (version: SQL literal). */
        void recordApplied(String version, String description, String script) throws SQLException {
            execute("INSERT INTO \"flyway_schema_history\" (\"installed_rank\", \"version\", \"description\", "
                    + "\"type\", \"script\", \"checksum\", \"installed_by\", \"execution_time\", \"success\") "
                    + "VALUES (6, " + version + ", '" + description + "', 'SQL', '" + script + "', 1, 'sa', 1, TRUE)");
        }

        void execute(String sql) throws SQLException {
            try (Connection connection = connect(); Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }
    }

    private static Database newDatabase(String backend) {
        if (backend.equals("h2")) {
            return new Database("jdbc:h2:mem:migrations-" + DATABASES.incrementAndGet()
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "sa", "");
        }
        Map<String, String> properties = TestPostgres.newDatabase();
        return new Database(properties.get("datasources.default.url"), properties.get("datasources.default.username"),
                properties.get("datasources.default.password"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theMigrationsItKnowsAreTheOnesFlywayFindsWithFlywaysChecksums(String backend) {
        Database database = newDatabase(backend);
        MigrationInfo[] found = database.flyway(null).info().all();

        assertEquals(StoreMigrations.SCRIPTS, Arrays.stream(found).map(MigrationInfo::getScript).toList());
        assertEquals(List.of("1", "2", "3", "4", "5"),
                Arrays.stream(found).map(migration -> migration.getVersion().getVersion()).toList());
        List<String> resources = StoreMigrations.resources(database.url());
        for (int i = 0; i < found.length; i++) {
            assertEquals(found[i].getChecksum(), StoreMigrations.checksum(resources.get(i)), resources.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aNewDatabaseIsMigratedAndThenCurrent(String backend) throws SQLException {
        Database database = newDatabase(backend);
        assertThrows(SQLException.class, database::isCurrent); // no history yet

        StoreMigrations.migrate(database.dataSource(), database.url());

        assertTrue(database.isCurrent(), database.history());
        assertEquals(5, database.flyway(null).info().applied().length);
        // a start on a current schema changes nothing
        StoreMigrations.migrate(database.dataSource(), database.url());
        assertEquals(5, database.flyway(null).info().applied().length);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aPendingMigrationIsNotCurrentAndIsApplied(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway("4").migrate();
        assertFalse(database.isCurrent());

        StoreMigrations.migrate(database.dataSource(), database.url());

        assertTrue(database.isCurrent());
        assertEquals("5", database.flyway(null).info().current().getVersion().getVersion());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void anEditedMigrationIsNotCurrentAndFlywayRefusesIt(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.execute("UPDATE \"flyway_schema_history\" SET \"checksum\" = \"checksum\" + 1 WHERE \"version\" = '3'");
        assertFalse(database.isCurrent());

        FlywayException refused = assertThrows(FlywayException.class,
                () -> StoreMigrations.migrate(database.dataSource(), database.url()));
        assertTrue(refused.getMessage().contains("checksum mismatch"), refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aFailedMigrationIsNotCurrentAndFlywayRefusesIt(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.execute("UPDATE \"flyway_schema_history\" SET \"success\" = FALSE WHERE \"version\" = '5'");
        assertFalse(database.isCurrent());

        assertThrows(FlywayException.class, () -> StoreMigrations.migrate(database.dataSource(), database.url()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aMigrationOfANewerVersionIsNotCurrentAndFlywayAcceptsIt(String backend) throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.recordApplied("'6'", "from a newer version", "V6__from_a_newer_version.sql");
        assertFalse(database.isCurrent());

        StoreMigrations.migrate(database.dataSource(), database.url());

        assertEquals("6", database.flyway(null).info().current().getVersion().getVersion());
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void theDemoDataOfEarlierVersionsAsARepeatableMigrationIsNotCurrentAndFlywayAcceptsIt(String backend)
            throws SQLException {
        Database database = newDatabase(backend);
        database.flyway(null).migrate();
        database.recordApplied("NULL", "demo inventory", "R__demo_inventory.sql");
        assertFalse(database.isCurrent());

        StoreMigrations.migrate(database.dataSource(), database.url());

        assertEquals("5", database.flyway(null).info().current().getVersion().getVersion());
    }
}
