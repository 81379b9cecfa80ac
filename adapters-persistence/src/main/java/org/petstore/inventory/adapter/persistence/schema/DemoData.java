package org.petstore.inventory.adapter.persistence.schema;

import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo data (a dozen pets with their stock, a few orders: {@value #SCRIPT}), loaded at every start with
 * {@code petstore.demo-data} on ({@link DemoDataConfiguration}) <em>into an empty store only</em> (no pet, no entry, no
 * order): a store that holds anything is left as it is, so the demo data never resets stock set through the API and
 * never mixes with real data. With the demo data off, an empty store is said so in one line ({@value #EMPTY_STORE}):
 * the README's examples would answer 404 on it.
 *
 * <p>{@link AfterStoreMigration} runs it right after the schema migrations, before anything else uses the datasource
 * and after Flyway has given its connections back: it needs one connection of the pool, not one more than Flyway's
 * two. The check and the inserts are one transaction: of two instances starting at once on the same empty database,
 * the one that finds the rows taken when it inserts (an integrity violation) rolls back and starts on the other's.
 */
@Singleton
final class DemoData {

    static final String SCRIPT = "db/demo/demo-data.sql";

    private static final Logger LOG = LoggerFactory.getLogger(DemoData.class);

    private static final String HOLDS_ANYTHING = """
            SELECT CASE WHEN EXISTS (SELECT 1 FROM pet) OR EXISTS (SELECT 1 FROM inventory_item)
                             OR EXISTS (SELECT 1 FROM store_order) THEN 1 ELSE 0 END""";

    /** Said at start when the demo data is off and the store holds nothing: what a user sees, and what to do. */
    static final String EMPTY_STORE = "The store is empty (demo data is off): the inventory lists [] and every PATCH "
            + "answers 404 until it holds pets; fill it with PETSTORE_DEMO_DATA=true at one start, or with the data "
            + "commands: petstore-inventory import FILE, or petstore-inventory copy from another store";

    private final boolean enabled;

    DemoData(DemoDataConfiguration demoData, DatabaseConfiguration database) {
        this.enabled = demoData.loadsInto(database);
    }

    /** Loads the demo data into the store behind the data source when the demo data is on and the store empty. */
    void loadIfEnabled(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            if (enabled) {
                loadIntoEmptyStore(connection);
            } else if (!holdsAnything(connection)) {
                LOG.info(EMPTY_STORE);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("The demo data could not be loaded: " + e.getMessage(), e);
        }
    }

    /** Loads the demo data over the connection when the store is empty, in one transaction of its own. */
    static void loadIntoEmptyStore(Connection connection) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            if (holdsAnything(connection)) {
                connection.rollback();
                LOG.info("Demo data not loaded: the store already holds data (demo data only fills an empty store)");
                return;
            }
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements()) {
                    statement.executeUpdate(sql);
                }
            }
            connection.commit();
            LOG.info("Demo data loaded into the empty store");
        } catch (SQLException e) {
            connection.rollback();
            // a key another instance inserted meanwhile
            if (DatabaseFailure.of(e) != DatabaseFailure.INTEGRITY_VIOLATION) {
                throw e;
            }
            LOG.info("Demo data not loaded: another instance loaded it at the same time");
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    private static boolean holdsAnything(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(HOLDS_ANYTHING)) {
            row.next();
            return row.getInt(1) == 1;
        }
    }

    /** The script's statements: each ends with a ';' at the end of a line; comment lines are left out. */
    static List<String> statements() {
        String script;
        try (InputStream in = DemoData.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) {
                throw new IllegalStateException(SCRIPT + " is missing from the class path");
            }
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + SCRIPT, e);
        }
        String withoutComments = String.join("\n", script.lines()
                .filter(line -> !line.stripLeading().startsWith("--")).toList());
        return Arrays.stream(withoutComments.split(";\\s*(\\n|$)"))
                .map(String::strip)
                .filter(sql -> !sql.isEmpty())
                .toList();
    }
}
