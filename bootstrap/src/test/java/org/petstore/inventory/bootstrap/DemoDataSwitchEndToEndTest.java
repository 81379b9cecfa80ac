package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * Switching the demo data on or off over an existing database, as an operator does between two starts: the service
 * always starts, and stock written meanwhile is kept either way. Demo data only ever fills an empty store (no pet, no
 * inventory entry, no order); a store that holds anything is left as it is. Also for a database that an earlier version
 * of the service filled with its demo data, then a repeatable Flyway migration.
 */
abstract class DemoDataSwitchEndToEndTest {

    private static final Map<String, Object> DEMO_ON = Map.of("petstore.demo-data", true);
    private static final Map<String, Object> DEMO_OFF = Map.of("petstore.demo-data", false);

    /** A new, empty database on the backend under test; the tests say whether demo data is on. */
    abstract Backend newBackend();

    /** The JDBC URL, user and password of the backend's database, to prepare it while the service is stopped. */
    abstract String[] jdbc(Backend backend);

    @Test
    void switchingTheDemoDataOffAndOnAgainKeepsTheStock() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend, DEMO_ON)) {
            assertEquals(200, service.patch("/v1/inventory/4", "{\"quantity\": 70}").statusCode());
        }

        try (RunningService demoOff = RunningService.start(backend, DEMO_OFF)) {
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), demoOff.get("/v1/inventory").body());
            assertEquals(200, demoOff.patch("/v1/inventory/5", "{\"quantity\": 50}").statusCode());
        }

        try (RunningService demoOnAgain = RunningService.start(backend, DEMO_ON)) {
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70).replace(
                            "{\"petId\":5,\"quantity\":1,", "{\"petId\":5,\"quantity\":50,"),
                    demoOnAgain.get("/v1/inventory").body());
            assertEquals("\"4.2\"", demoOnAgain.get("/v1/inventory/4").headers().firstValue("ETag").orElseThrow());
        }
    }

    @Test
    void demoDataSwitchedOnOverAnEmptyStoreFillsIt() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend, DEMO_OFF)) {
            assertEquals("[]", service.get("/v1/inventory").body());
        }

        try (RunningService demoOn = RunningService.start(backend, DEMO_ON)) {
            assertEquals(InventoryApiEndToEndTest.DEMO_INVENTORY, demoOn.get("/v1/inventory").body());
            assertEquals("{\"id\":1,\"name\":\"Rex\",\"status\":\"available\"}", demoOn.get("/v1/pets/1").body());
        }
    }

    @Test
    void demoDataNeverGoesIntoAStoreThatHoldsData() throws SQLException {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend, DEMO_OFF)) {
            execute(service.bean(DataSource.class), "INSERT INTO pet (id, name, status) VALUES (4, 'Bella', 'sold')",
                    "INSERT INTO inventory_item (pet_id, quantity) VALUES (4, 2)");
        }

        try (RunningService demoOn = RunningService.start(backend, DEMO_ON)) {
            assertEquals("[{\"petId\":4,\"quantity\":2,\"status\":\"sold\"}]", demoOn.get("/v1/inventory").body());
            assertEquals(404, demoOn.get("/v1/pets/1").statusCode());
            assertEquals("[]", demoOn.get("/v1/store/orders").body());
        }
    }

    @Test
    void aDatabaseWithTheEarlierRepeatableDemoMigrationStartsWithTheDemoDataOffOrOn() throws SQLException {
        Backend backend = newBackend();
        String[] jdbc = jdbc(backend);
        // the schema of the releases that had the repeatable demo migration: versions 1 to 4
        Flyway.configure().dataSource(jdbc[0], jdbc[1], jdbc[2])
                .locations("classpath:db/migration", "classpath:db/demo-repeatable")
                .target("4")
                .load().migrate();
        try (Connection connection = DriverManager.getConnection(jdbc[0], jdbc[1], jdbc[2]);
             Statement statement = connection.createStatement()) {
            statement.executeUpdate("UPDATE inventory_item SET quantity = 70, version = version + 1 WHERE pet_id = 4");
        }

        try (RunningService demoOff = RunningService.start(backend, DEMO_OFF)) {
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), demoOff.get("/v1/inventory").body());
        }
        try (RunningService demoOn = RunningService.start(backend, DEMO_ON)) {
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), demoOn.get("/v1/inventory").body());
        }
    }

    private static void execute(DataSource dataSource, String... statements) throws SQLException {
        try (Connection connection = DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
              Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.executeUpdate(sql);
            }
        }
    }
}
