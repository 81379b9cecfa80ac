package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * The service while its PostgreSQL database goes away and comes back: requests are answered 503 with the Error body
 * (within the connection timeout, so clients are not left hanging), nothing is changed, and the service recovers by
 * itself once the database is back. Meanwhile {@code /health/readiness} is 503 and {@code /health/liveness} stays 200;
 * readiness is 200 again when the database is back.
 */
class DatabaseOutageEndToEndTest {

    private static final String UNAVAILABLE = "{\"code\":\"SERVICE_UNAVAILABLE\",\"message\":\"The database is "
            + "temporarily unavailable; nothing was changed, try again shortly\",\"status\":503}";
    private static final int RECOVERY_ATTEMPTS = 60;

    @TempDir
    Path postgresData;

    @Test
    void requestsAre503WhileTheDatabaseIsDownAndSucceedOnceItIsBack() throws Exception {
        int port = FreePort.next();
        EmbeddedPostgres postgres = TestPostgres.startDedicated(postgresData, port);
        createDatabase(postgres, "petstore");
        Map<String, Object> properties = new HashMap<>(TestPostgres.datasourceProperties(postgres, "petstore"));
        properties.put("petstore.demo-data", true);
        properties.put("datasources.default.connection-timeout", 1000);
        Backend backend = () -> properties;

        try (RunningService service = RunningService.start(backend)) {
            assertEquals(200, service.patch("/v1/inventory/4", "{\"quantity\": 70}").statusCode());

            postgres.close();

            assertUnavailable(service.get("/v1/inventory"));
            assertUnavailable(service.patch("/v1/inventory/4", "{\"quantity\": 71}"));
            assertNotReadyButAlive(service);

            postgres = TestPostgres.startDedicated(postgresData, port);

            HttpResponse<String> recovered = awaitRecovery(service);
            assertEquals(200, recovered.statusCode(), recovered.body());
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), recovered.body());
            assertReadyAgain(service);
            assertEquals("{\"petId\":4,\"quantity\":72,\"status\":\"available\"}",
                    service.patch("/v1/inventory/4", "{\"quantity\": 72}").body());
        } finally {
            postgres.close();
        }
    }

    /** Readiness follows the database (503, and with the key which check failed); liveness does not. */
    private static void assertNotReadyButAlive(RunningService service) {
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        assertEquals(503, readiness.statusCode(), readiness.body());
        assertEquals("{\"status\":\"DOWN\"}", readiness.body());

        // the server is stopped: it refuses at once, and readiness says so rather than that it did not answer (while
        // the server is still going down, a connection it accepted and dropped may be the cause said for a moment)
        String refused = "\"database\":{\"name\":\"petstore-inventory\",\"status\":\"DOWN\","
                + "\"details\":{\"backend\":\"PostgreSQL\",\"error\":\"the database server refused the "
                + "connection (SQLSTATE 08001)\"}";
        HttpResponse<String> detailed = service.get("/health/readiness");
        for (int attempt = 1; attempt < 10 && !detailed.body().contains(refused); attempt++) {
            assertEquals(503, detailed.statusCode(), detailed.body());
            detailed = service.get("/health/readiness");
        }
        assertEquals(503, detailed.statusCode(), detailed.body());
        assertTrue(detailed.body().contains(refused), detailed.body());
        assertFalse(detailed.body().contains("jdbc:"), detailed.body());

        HttpResponse<String> liveness = service.send(service.anonymousRequest("/health/liveness").GET().build());
        assertEquals(200, liveness.statusCode(), liveness.body());
        assertEquals("{\"status\":\"UP\"}", liveness.body());
    }

    /** Readiness is UP again without a restart once the database answers. */
    private static void assertReadyAgain(RunningService service) {
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        assertEquals(200, readiness.statusCode(), readiness.body());
        assertEquals("{\"status\":\"UP\"}", readiness.body());
    }

    private static void assertUnavailable(HttpResponse<String> response) {
        assertEquals(503, response.statusCode(), response.body());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals(UNAVAILABLE, response.body());
    }

    /** Lists the inventory until it is served again; a bounded number of attempts, each bounded by its timeout. */
    private static HttpResponse<String> awaitRecovery(RunningService service) throws InterruptedException {
        HttpResponse<String> response = service.get("/v1/inventory");
        for (int attempt = 1; attempt < RECOVERY_ATTEMPTS && response.statusCode() == 503; attempt++) {
            Thread.sleep(250);
            response = service.get("/v1/inventory");
        }
        return response;
    }

    private static void createDatabase(EmbeddedPostgres postgres, String name) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
    }
}
