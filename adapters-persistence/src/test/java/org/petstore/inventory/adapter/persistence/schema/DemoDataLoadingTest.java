package org.petstore.inventory.adapter.persistence.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * {@link DemoData} after the schema migrations, as every start runs it with the demo data on: it fills an empty store, leaves a store that
 * holds anything as it is, and of several instances starting at once on one empty database every one starts and the
 * demo data is there once, also when two of them found the store empty.
 */
class DemoDataLoadingTest {

    private static final int INSTANCES = 4;

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void aStoreThatHoldsAnythingIsLeftAsItIs(String backend) throws SQLException {
        String[] database = newDatabase(backend, "holding");
        migrate(database);
        execute(database, "INSERT INTO pet (id, name, status) VALUES (40, 'Bella', 'sold')");

        startWithDemoData(database);

        assertEquals("1|0|0", counts(database));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void instancesStartingAtOnceOnAnEmptyStoreAllStartAndTheDemoDataIsThereOnce(String backend) throws Exception {
        String[] database = newDatabase(backend, "concurrent");
        CountDownLatch start = new CountDownLatch(1);
        List<CompletableFuture<Void>> instances = IntStream.range(0, INSTANCES)
                .mapToObj(i -> CompletableFuture.runAsync(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    startWithDemoData(database);
                }))
                .toList();
        start.countDown();
        CompletableFuture.allOf(instances.toArray(CompletableFuture[]::new)).join();

        assertEquals("12|12|5", counts(database));
    }

    /**
     * The race the transaction is for, made to happen: a first instance has inserted the demo data and not yet
     * committed when a second one finds the store empty and inserts too; its insert waits for the first, fails on the
     * first's keys once that commits, and the second rolls back and carries on.
     */
    @Test
    void aSecondInstanceThatFoundTheStoreEmptyTooRollsBackAndCarriesOn() throws Exception {
        String[] database = newDatabase("postgresql", "race");
        migrate(database);
        try (Connection first = DriverManager.getConnection(database[0], database[1], database[2])) {
            first.setAutoCommit(false);
            try (Statement statement = first.createStatement()) {
                for (String sql : DemoData.statements()) {
                    statement.executeUpdate(sql);
                }
            }
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
                try (Connection connection = DriverManager.getConnection(database[0], database[1], database[2])) {
                    DemoData.loadIntoEmptyStore(connection);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitAnInsertWaitingForALock(database);
            first.commit();
            second.get(30, TimeUnit.SECONDS);
        }

        assertEquals("12|12|5", counts(database));
    }

    private static void awaitAnInsertWaitingForALock(String[] database) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try (Connection connection = DriverManager.getConnection(database[0], database[1], database[2]);
             Statement statement = connection.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM pg_stat_activity "
                        + "WHERE datname = current_database() AND wait_event_type = 'Lock'")) {
                    row.next();
                    if (row.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(20);
            }
        }
        throw new AssertionError("the second instance's insert never waited for the first one's");
    }

    /** What a start does with the demo data on: the schema migrations, then the demo data. */
    private static void startWithDemoData(String[] database) {
        migrate(database);
        try (Connection connection = DriverManager.getConnection(database[0], database[1], database[2])) {
            DemoData.loadIntoEmptyStore(connection);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void migrate(String[] database) {
        Flyway.configure().dataSource(database[0], database[1], database[2])
                .locations(DatabaseBackend.migrationLocations(database[0]).toArray(String[]::new))
                .load().migrate();
    }

    private static String[] newDatabase(String backend, String name) {
        if (backend.equals("h2")) {
            return new String[] {"jdbc:h2:mem:demo-" + name + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                    + "DB_CLOSE_DELAY=-1", "sa", ""};
        }
        Map<String, String> properties = TestPostgres.newDatabase();
        return new String[] {properties.get("datasources.default.url"),
                properties.get("datasources.default.username"), properties.get("datasources.default.password")};
    }

    private static void execute(String[] database, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database[0], database[1], database[2]);
             Statement statement = connection.createStatement()) {
            statement.executeUpdate(sql);
        }
    }

    /** Pets, inventory entries and orders, as {@code pets|entries|orders}. */
    private static String counts(String[] database) throws SQLException {
        try (Connection connection = DriverManager.getConnection(database[0], database[1], database[2]);
             Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT (SELECT COUNT(*) FROM pet), "
                     + "(SELECT COUNT(*) FROM inventory_item), (SELECT COUNT(*) FROM store_order)")) {
            row.next();
            return row.getLong(1) + "|" + row.getLong(2) + "|" + row.getLong(3);
        }
    }
}
