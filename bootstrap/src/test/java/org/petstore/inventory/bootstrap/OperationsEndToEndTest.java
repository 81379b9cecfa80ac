package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator watches the running service with, on the embedded default: the health endpoints (no key needed;
 * details only with the key) and the Prometheus metrics (with the key).
 */
class OperationsEndToEndTest {

    static final String UP = "{\"status\":\"UP\"}";

    @TempDir
    static Path dataDir;

    private static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Backend.h2(dataDir));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void livenessAndReadinessAreUpWithoutAKey() {
        for (String path : new String[] {"/health/liveness", "/health/readiness", "/health"}) {
            HttpResponse<String> response = service.send(service.anonymousRequest(path).GET().build());

            assertEquals(200, response.statusCode(), path);
            assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""), path);
            assertEquals(UP, response.body(), path);
        }
    }

    @Test
    void aWrongKeySeesTheStatusOnly() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/health/readiness")
                .header("Authorization", "Bearer not-a-key").GET().build());

        assertEquals(200, response.statusCode());
        assertEquals(UP, response.body());
    }

    @Test
    void readinessDetailsNameTheDatabaseCheckOnlyForAKeyAndNeverItsUrl() {
        HttpResponse<String> response = service.get("/health/readiness");

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains(
                "\"database\":{\"name\":\"petstore-inventory\",\"status\":\"UP\",\"details\":{\"backend\":\"H2 (embedded)\"}}"),
                response.body());
        assertFalse(response.body().contains("jdbc:"), response.body());
        assertFalse(response.body().contains(dataDir.toString()), response.body());
    }

    @Test
    void livenessDoesNotAskTheDatabase() {
        HttpResponse<String> response = service.get("/health/liveness");

        assertEquals(200, response.statusCode(), response.body());
        assertFalse(response.body().contains("\"database\""), response.body());
    }

    @Test
    void prometheusNeedsTheKey() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/prometheus").GET().build());

        assertEquals(401, response.statusCode(), response.body());
        assertEquals("Bearer realm=\"petstore\"", response.headers().firstValue("WWW-Authenticate").orElse(""));
        assertEquals("{\"code\":\"UNAUTHORIZED\",\"message\":\"An API key is required: send the header "
                + "'Authorization: Bearer <API key>'\",\"status\":401}", response.body());

        HttpResponse<String> wrongKey = service.send(service.anonymousRequest("/prometheus")
                .header("Authorization", "Bearer not-a-key").GET().build());
        assertEquals(401, wrongKey.statusCode(), wrongKey.body());
    }

    @Test
    void prometheusShowsRequestsByRouteTemplateJvmPoolAndStockCounters() {
        assertEquals(200, service.patch("/v1/inventory/2", "{\"quantity\": 6}").statusCode());
        assertEquals(404, service.patch("/v1/inventory/999999", "{\"quantity\": 6}").statusCode());
        assertEquals(400, service.patch("/v1/inventory/2", "{\"quantity\": -1}").statusCode());

        HttpResponse<String> response = service.get("/prometheus");

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        String metrics = response.body();
        assertTrue(metrics.contains("http_server_requests_seconds_count{exception=\"none\",method=\"PATCH\","
                + "status=\"200\",uri=\"/v1/inventory/{petId}\"} 1"), metrics);
        assertTrue(metrics.contains("method=\"PATCH\",status=\"400\",uri=\"/v1/inventory/{petId}\"} 1"), metrics);
        // Micrometer's convention: every 404 shares one series, whatever path was asked for
        assertTrue(metrics.contains("method=\"PATCH\",status=\"404\",uri=\"NOT_FOUND\"} 1"), metrics);
        assertFalse(metrics.contains("/v1/inventory/2\""), "raw ids never become series");
        assertFalse(metrics.contains("/v1/inventory/999999"), "raw ids never become series");
        for (String series : new String[] {"jvm_memory_used_bytes{", "jvm_gc_", "jvm_threads_live_threads ",
                "hikaricp_connections_active{", "hikaricp_connections_pending{"}) {
            assertTrue(metrics.contains(series), series + " missing");
        }
        assertTrue(metrics.contains("\npetstore_stock_updates_total 1.0\n"), metrics);
        assertTrue(metrics.contains("\npetstore_precondition_failures_total 0.0\n"), metrics);
    }
}
