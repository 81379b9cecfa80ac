package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The data commands on PostgreSQL: a fresh database per store. */
class PostgresqlDataCommandsEndToEndTest extends DataCommandsEndToEndTest {

    @Override
    Map<String, Object> newStore() {
        return Backend.postgresql().properties();
    }

    @Override
    Map<String, Object> newDemoStore() {
        return Backend.postgresqlWithDemoData().properties();
    }

    @Override
    CommandRun copyReplacing(Map<String, Object> source, Map<String, Object> target) {
        return CommandRun.on(source, Map.of("PETSTORE_COPY_TO_PASSWORD", (String) target.get("datasources.default.password")),
                "copy", "--to", (String) target.get("datasources.default.url"),
                "--to-user", (String) target.get("datasources.default.username"), "--replace");
    }

    @Override
    Connection connect(Map<String, Object> store) throws SQLException {
        return DriverManager.getConnection((String) store.get("datasources.default.url"),
                (String) store.get("datasources.default.username"), (String) store.get("datasources.default.password"));
    }

    /**
     * An import while the service runs on the same database: the entry it changes has a new version, so a client that
     * still holds the old tag is refused (412) instead of overwriting the imported stock, and the new tag works.
     */
    @Test
    void conditionalRequestsKeepWorkingAcrossAnImport() throws Exception {
        Map<String, Object> store = newDemoStore();
        try (RunningService service = RunningService.start(() -> store)) {
            HttpResponse<String> before = service.get("/v1/inventory/2");
            assertEquals("\"2.1\"", before.headers().firstValue("ETag").orElseThrow());
            Path file = file("stock.csv", "petId,name,status,quantity\n2,Whiskers,available,50\n");

            CommandRun load = CommandRun.on(store, "import", file.toString());

            HttpResponse<String> stale = service.send(service.request("/v1/inventory/2")
                    .header("Content-Type", "application/json").header("If-Match", "\"2.1\"")
                    .method("PATCH", java.net.http.HttpRequest.BodyPublishers.ofString("{\"quantity\": 1}")).build());
            HttpResponse<String> after = service.get("/v1/inventory/2");
            assertAll(
                    () -> assertEquals(0, load.exitCode(), load::toString),
                    () -> assertEquals(412, stale.statusCode(), stale::body),
                    () -> assertEquals(200, after.statusCode()),
                    () -> assertEquals("\"2.2\"", after.headers().firstValue("ETag").orElseThrow()),
                    () -> assertEquals("{\"petId\":2,\"quantity\":50,\"status\":\"available\"}", after.body()));
        }
    }
}
