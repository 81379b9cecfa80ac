package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * Upgrading a database that holds stock from before pets existed (schema version 1) loses nothing: every entry
 * keeps its quantity and status, and gets a pet named after its id. Upgrading one from before entries had versions
 * (schema version 2) keeps every entry and puts it at version 1; the next write moves it to version 2.
 */
class SchemaUpgradeTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void upgradingFromVersion1KeepsEveryEntry(String backend) throws SQLException {
        Map<String, String> database = backend.equals("h2")
                ? Map.of("datasources.default.url", "jdbc:h2:mem:upgrade;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                        + "DB_CLOSE_DELAY=-1", "datasources.default.username", "sa", "datasources.default.password", "")
                : TestPostgres.newDatabase();
        String url = database.get("datasources.default.url");
        String user = database.get("datasources.default.username");
        String password = database.get("datasources.default.password");

        flyway(url, user, password).target("1").load().migrate();
        execute(url, user, password, "INSERT INTO inventory_item (pet_id, quantity, status) "
                + "VALUES (4, 7, 'available'), (8, 0, 'sold'), (15, 2147483647, 'pending')");

        flyway(url, user, password).load().migrate();

        assertEquals(List.of("4|7|available|Pet 4", "8|0|sold|Pet 8", "15|2147483647|pending|Pet 15"),
                query(url, user, password, "SELECT i.pet_id, i.quantity, p.status, p.name FROM inventory_item i "
                        + "JOIN pet p ON p.id = i.pet_id ORDER BY i.pet_id"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void upgradingFromVersion2PutsEveryEntryAtTheFirstVersion(String backend) throws SQLException {
        Map<String, String> database = backend.equals("h2")
                ? Map.of("datasources.default.url", "jdbc:h2:mem:upgrade2;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                        + "DB_CLOSE_DELAY=-1", "datasources.default.username", "sa", "datasources.default.password", "")
                : TestPostgres.newDatabase();
        String url = database.get("datasources.default.url");
        String user = database.get("datasources.default.username");
        String password = database.get("datasources.default.password");

        flyway(url, user, password).target("2").load().migrate();
        execute(url, user, password, "INSERT INTO pet (id, name, status) "
                + "VALUES (4, 'Polly', 'available'), (8, 'Spike', 'sold'), (15, 'Kiwi', 'pending')");
        execute(url, user, password, "INSERT INTO inventory_item (pet_id, quantity) "
                + "VALUES (4, 7), (8, 0), (15, 2147483647)");

        flyway(url, user, password).load().migrate();
        execute(url, user, password, "UPDATE inventory_item SET quantity = 6, version = version + 1 WHERE pet_id = 4");

        assertEquals(List.of("4|6|available|2", "8|0|sold|1", "15|2147483647|pending|1"),
                query(url, user, password, "SELECT i.pet_id, i.quantity, p.status, i.version FROM inventory_item i "
                        + "JOIN pet p ON p.id = i.pet_id ORDER BY i.pet_id"));
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(String url, String user,
                                                                                String password) {
        return Flyway.configure().dataSource(url, user, password)
                .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new));
    }

    private static void execute(String url, String user, String password, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static List<String> query(String url, String user, String password, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            while (result.next()) {
                rows.add(result.getLong(1) + "|" + result.getInt(2) + "|" + result.getString(3) + "|"
                        + result.getString(4));
            }
        }
        return rows;
    }
}
