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
 * details only with the key).
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
}
