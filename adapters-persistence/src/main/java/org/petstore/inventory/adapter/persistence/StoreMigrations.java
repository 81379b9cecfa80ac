package org.petstore.inventory.adapter.persistence;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.pattern.ValidatePattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the store is brought to this version's schema: Flyway runs the schema migrations ({@code db/migration}),
 * followed by the migrations of the configured backend only ({@link DatabaseBackend#vendorMigrations()}, e.g.
 * {@code db/vendor/h2}); the demo data is not a migration ({@link DemoData} loads it afterwards, into an empty store
 * only).
 *
 * <p><b>Most starts need no migration.</b> Before Flyway is even configured, one query reads Flyway's history
 * table; when it records exactly the migrations this version holds ({@link #SCRIPTS}), in order, each applied
 * successfully and with the checksum Flyway computes for the file this version holds, the schema is current and
 * Flyway does not run: it would find nothing to migrate and nothing to refuse, after scanning the jar for its
 * migrations, which costs a good part of a start. Any other history (a new or empty database, a pending migration, a
 * failed one, an edited one, one from a newer version of the service, the demo data's former repeatable migration)
 * gets the full Flyway run, with its migrations, its validation and its errors, as before.
 *
 * <p>Earlier versions of the service loaded the demo data as a repeatable migration ({@code R__demo_inventory.sql}),
 * added to the migrations only while the demo data was on; a database that ever started with it records that
 * migration as applied. Flyway would refuse every later start that does not have it ("Detected applied migration
 * not resolved locally"), so a repeatable migration that was applied and is not here any more is not an error
 * ({@value #APPLIED_REPEATABLE_MAY_BE_GONE}); Flyway's default tolerance of migrations from a newer version of the
 * service ({@value #FUTURE_MAY_BE_APPLIED}) stays. The schema migrations are all versioned: a missing versioned one
 * still stops the start.
 */
final class StoreMigrations {

    static final String APPLIED_REPEATABLE_MAY_BE_GONE = "repeatable:missing";
    static final String FUTURE_MAY_BE_APPLIED = "*:future";

    /**
     * Every migration this version holds, in version order: each file of {@code db/migration}, or, for a version
     * that each backend does its own way, the file's name in every backend's vendor folder. Adding a migration
     * means adding its file name here; {@code StoreMigrationsTest} holds this list equal to what Flyway finds.
     */
    static final List<String> SCRIPTS = List.of(
            "V1__create_inventory_item.sql",
            "V2__pets_and_orders.sql",
            "V3__inventory_item_version.sql",
            "V4__inventory_removals.sql",
            "V5__inventory_totals.sql");

    private static final Logger LOG = LoggerFactory.getLogger(StoreMigrations.class);

    private static final String HISTORY = """
            SELECT "version", "script", "checksum", "success", "type" FROM "flyway_schema_history"
            ORDER BY "installed_rank\"""";

    /** The types of the rows Flyway adds to its history that are no migration: it created its table, the schema. */
    private static final Set<String> FLYWAY_MARKS = Set.of("TABLE", "SCHEMA");

    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private StoreMigrations() {
    }

    /**
     * Brings the store behind the data source (at the JDBC URL, which names the backend) to this version's schema:
     * nothing when {@linkplain #isCurrent(Connection, String) it is current}, else Flyway's migration.
     */
    static void migrate(DataSource dataSource, String url) {
        boolean current;
        try (Connection connection = dataSource.getConnection()) {
            current = readsCurrent(connection, url);
        } catch (SQLException e) {
            current = notReadable(e);
        }
        if (!current) {
            runFlyway(dataSource, url);
        }
    }

    /**
     * As {@link #migrate(DataSource, String)}, with the history read over a connection the caller holds; Flyway, when
     * it runs, takes its own connections from the data source.
     */
    static void migrate(Connection connection, DataSource dataSource, String url) {
        if (!readsCurrent(connection, url)) {
            runFlyway(dataSource, url);
        }
    }

    private static boolean readsCurrent(Connection connection, String url) {
        try {
            if (isCurrent(connection, url)) {
                LOG.info("Inventory schema is current: version {} (no migration necessary)", SCRIPTS.size());
                return true;
            }
            return false;
        } catch (SQLException e) {
            return notReadable(e);
        }
    }

    private static boolean notReadable(SQLException e) {
        // not readable (no history table yet, say): Flyway decides, and reports what is wrong
        LOG.debug("Flyway's history not readable; Flyway runs: {}", e.getMessage());
        return false;
    }

    private static void runFlyway(DataSource dataSource, String url) {
        LOG.info("Migrating the inventory schema to version {}", SCRIPTS.size());
        configure(Flyway.configure(StoreMigrations.class.getClassLoader()).dataSource(dataSource), url)
                .load()
                .migrate();
    }

    /** Flyway's configuration for the store at the JDBC URL: its locations and what may differ in the history. */
    static FluentConfiguration configure(FluentConfiguration configuration, String url) {
        return configuration
                .locations(DatabaseBackend.migrationLocations(url).stream().map(Location::new).toArray(Location[]::new))
                .ignoreMigrationPatterns(
                        ValidatePattern.fromPattern(FUTURE_MAY_BE_APPLIED),
                        ValidatePattern.fromPattern(APPLIED_REPEATABLE_MAY_BE_GONE));
    }

    /**
     * Whether Flyway's history in the store records exactly this version's migrations ({@link #SCRIPTS}) for the
     * backend at the JDBC URL: in order, each a successful SQL migration with the checksum of this version's file
     * (besides the rows in which Flyway notes that it created its table or the schema).
     *
     * @throws SQLException when the history cannot be read (there is none in a new database)
     */
    static boolean isCurrent(Connection connection, String url) throws SQLException {
        List<String> resources = resources(url);
        if (resources.isEmpty()) {
            return false;
        }
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(HISTORY)) {
            int applied = 0;
            while (row.next()) {
                String version = row.getString(1);
                String type = row.getString(5);
                if (version == null && FLYWAY_MARKS.contains(type)) {
                    continue; // Flyway's note that it created its table (H2) or the schema: no migration
                }
                if (applied == SCRIPTS.size()
                        || !String.valueOf(applied + 1).equals(version)
                        || !SCRIPTS.get(applied).equals(row.getString(2))
                        || row.getInt(3) != checksum(resources.get(applied))
                        || row.wasNull()
                        || !row.getBoolean(4)
                        || !"SQL".equals(type)) {
                    return false;
                }
                applied++;
            }
            return applied == SCRIPTS.size();
        }
    }

    /**
     * The class path resource of each of {@link #SCRIPTS} for the backend at the JDBC URL: the one in
     * {@code db/migration}, else the one in the backend's vendor folder; empty when one is missing (or the backend is
     * not known), which leaves the decision to Flyway.
     */
    static List<String> resources(String url) {
        List<String> folders = DatabaseBackend.migrationLocations(url).stream()
                .map(location -> location.substring("classpath:".length()))
                .toList();
        ClassLoader classLoader = StoreMigrations.class.getClassLoader();
        List<String> resources = new ArrayList<>(SCRIPTS.size());
        for (String script : SCRIPTS) {
            List<String> found = folders.stream().map(folder -> folder + "/" + script)
                    .filter(resource -> classLoader.getResource(resource) != null)
                    .toList();
            if (found.size() != 1) {
                return List.of();
            }
            resources.add(found.getFirst());
        }
        return resources;
    }

    /**
     * Flyway's checksum of a migration file: the CRC-32 of its lines in UTF-8, without their line breaks, and
     * without a byte order mark at the start.
     */
    static int checksum(String resource) {
        CRC32 crc32 = new CRC32();
        try (InputStream in = StoreMigrations.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the class path");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line = reader.readLine();
            if (line != null && !line.isEmpty() && line.charAt(0) == BYTE_ORDER_MARK) {
                line = line.substring(1);
            }
            for (; line != null; line = reader.readLine()) {
                crc32.update(line.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + resource, e);
        }
        return (int) crc32.getValue();
    }
}
