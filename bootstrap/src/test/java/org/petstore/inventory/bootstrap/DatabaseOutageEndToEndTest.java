package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.ServerSocket;
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
 * itself once the database is back.
 */
class DatabaseOutageEndToEndTest {

    private static final String UNAVAILABLE = "{\"code\":\"SERVICE_UNAVAILABLE\",\"message\":\"The database is "
            + "temporarily unavailable; nothing was changed, try again shortly\",\"status\":503}";
    private static final int RECOVERY_ATTEMPTS = 60;

    @TempDir
    Path postgresData;

    @Test
    void requestsAre503WhileTheDatabaseIsDownAndSucceedOnceItIsBack() throws Exception {
        int port = freePort();
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

            postgres = TestPostgres.startDedicated(postgresData, port);

            HttpResponse<String> recovered = awaitRecovery(service);
            assertEquals(200, recovered.statusCode(), recovered.body());
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), recovered.body());
            assertEquals("{\"petId\":4,\"quantity\":72,\"status\":\"available\"}",
                    service.patch("/v1/inventory/4", "{\"quantity\": 72}").body());
        } finally {
            postgres.close();
        }
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
