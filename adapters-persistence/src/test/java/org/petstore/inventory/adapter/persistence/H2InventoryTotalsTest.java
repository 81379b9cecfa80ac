package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * On H2 the list's version is read from the totals that {@link H2InventoryTotals} keeps: after every kind of write,
 * by anyone, the totals equal what counting the entries gives, and a write that is undone is undone in the totals
 * too.
 */
class H2InventoryTotalsTest {

    private static final String COUNTED = "SELECT COUNT(*), COALESCE(SUM(version), 0), "
            + InventoryStatements.REMOVALS + " FROM inventory_item";

    private static String newDatabase(String name) {
        return "jdbc:h2:mem:" + name + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;"
                + "DB_CLOSE_DELAY=-1";
    }

    private static String migratedDatabase(String name) {
        String url = newDatabase(name);
        migrate(url, null);
        return url;
    }

    private static void migrate(String url, String target) {
        var flyway = Flyway.configure().dataSource(url, "sa", "")
                .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new));
        if (target != null) {
            flyway.target(target);
        }
        flyway.load().migrate();
    }

    @Test
    void everyKindOfWriteKeepsTheTotalsEqualToTheCount() throws Exception {
        String url = migratedDatabase("totals-writes");
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            assertEquals(List.of(0L, 0L, 0L), version(statement, H2InventoryStatements.SELECT_VERSION_FROM_TOTALS));

            givenEntries(statement, 500, 3);
            assertTotalsAreTheCount(statement, List.of(500L, 500L, 0L));

            statement.execute("UPDATE inventory_item SET quantity = 4, version = version + 1 WHERE pet_id <= 100");
            statement.execute("UPDATE inventory_item SET version = version + 5 WHERE pet_id = 7");
            statement.execute("UPDATE inventory_item SET quantity = 9 WHERE pet_id = 8"); // the version left alone
            assertTotalsAreTheCount(statement, List.of(500L, 605L, 0L));

            statement.execute("DELETE FROM inventory_item WHERE pet_id > 450");
            statement.execute("MERGE INTO inventory_item (pet_id, quantity, version) KEY (pet_id) "
                    + "VALUES (1, 1, 20), (451, 1, 1)");
            assertTotalsAreTheCount(statement, List.of(451L, 574L, 0L));

            connection.setAutoCommit(false);
            statement.execute("DELETE FROM inventory_item");
            statement.execute("INSERT INTO inventory_item (pet_id, quantity) VALUES (1, 1)");
            connection.rollback();
            connection.setAutoCommit(true);
            assertTotalsAreTheCount(statement, List.of(451L, 574L, 0L));

            // a statement that fails half-way (pet 999 has no pet) changes nothing, in the totals neither
            assertThrows(SQLException.class, () -> statement.execute(
                    "INSERT INTO inventory_item (pet_id, quantity) VALUES (452, 1), (999, 1)"));
            assertTotalsAreTheCount(statement, List.of(451L, 574L, 0L));
        }
    }

    @Test
    void concurrentWritersOnManyConnectionsLoseNoChange() throws Exception {
        String url = migratedDatabase("totals-concurrent");
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            givenEntries(statement, 40, 0);
        }
        int writers = 80;
        int updates = 50;
        List<Future<?>> done = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(16)) {
            for (int writer = 0; writer < writers; writer++) {
                int pet = 1 + writer % 40;
                done.add(threads.submit(() -> {
                    try (Connection own = DriverManager.getConnection(url, "sa", "");
                         Statement statement = own.createStatement()) {
                        for (int i = 0; i < updates; i++) {
                            statement.execute("UPDATE inventory_item SET quantity = " + i
                                    + ", version = version + 1 WHERE pet_id = " + pet);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get();
            }
        }
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            assertTotalsAreTheCount(statement, List.of(40L, 40L + writers * updates, 0L));
        }
    }

    @Test
    void upgradingADatabaseWithEntriesStartsTheTotalsFromThem() throws Exception {
        String url = newDatabase("totals-upgrade");
        migrate(url, "4");
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO pet (id, name, status) "
                    + "VALUES (4, 'Polly', 'available'), (8, 'Spike', 'sold')");
            statement.execute("INSERT INTO inventory_item (pet_id, quantity, version) VALUES (4, 7, 3), (8, 0, 1)");
            statement.execute("UPDATE inventory_removals SET removals = 2");
        }
        migrate(url, null);
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
             Statement statement = connection.createStatement()) {
            assertTotalsAreTheCount(statement, List.of(2L, 4L, 2L));
            try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM inventory_totals")) {
                rows.next();
                assertEquals(H2InventoryTotals.SHARDS, rows.getInt(1));
            }
        }
    }

    /** Pets 1 to {@code count}, each with an entry of {@code quantity} at version 1. */
    private static void givenEntries(Statement statement, int count, int quantity) throws SQLException {
        statement.execute("INSERT INTO pet (id, name, status) SELECT s.n, 'Pet', 'available' "
                + "FROM SYSTEM_RANGE(1, " + count + ") AS s (n)");
        statement.execute("INSERT INTO inventory_item (pet_id, quantity) SELECT s.n, " + quantity
                + " FROM SYSTEM_RANGE(1, " + count + ") AS s (n)");
    }

    private static void assertTotalsAreTheCount(Statement statement, List<Long> expected) throws SQLException {
        assertEquals(expected, version(statement, COUNTED), "counted from the entries");
        assertEquals(expected, version(statement, H2InventoryStatements.SELECT_VERSION_FROM_TOTALS), "the totals");
    }

    private static List<Long> version(Statement statement, String sql) throws SQLException {
        try (ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return List.of(row.getLong(1), row.getLong(2), row.getLong(3));
        }
    }
}
