package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
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
                .locations("classpath:db/migration")
                .javaMigrations(new EarlierDemoMigration())
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

    /**
     * In place of those releases' repeatable migration {@code R__demo_inventory}: a repeatable migration of the same
     * description that loads the demo data shipped today ({@code db/demo/demo-data.sql}). The history then holds an
     * applied repeatable migration that the service does not have, as such a database does.
     */
    private static final class EarlierDemoMigration implements JavaMigration {

        @Override
        public MigrationVersion getVersion() {
            return null; // repeatable
        }

        @Override
        public String getDescription() {
            return "demo inventory";
        }

        @Override
        public Integer getChecksum() {
            return 1;
        }

        @Override
        public boolean canExecuteInTransaction() {
            return true;
        }

        @Override
        public void migrate(Context context) throws IOException, SQLException {
            String script;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("db/demo/demo-data.sql")) {
                script = new String(Objects.requireNonNull(in, "demo-data.sql").readAllBytes(), StandardCharsets.UTF_8);
            }
            String withoutComments = script.lines().filter(line -> !line.startsWith("--"))
                    .collect(Collectors.joining("\n"));
            try (Statement statement = context.getConnection().createStatement()) {
                for (String sql : withoutComments.split(";\\s*(\\n|$)")) {
                    statement.executeUpdate(sql);
                }
            }
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
