package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.micronaut.management.health.monitor.HealthMonitorTask;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The service offers health and nothing else of the management endpoints its libraries bring: every other one is
 * off, answered 404 with the {@code Error} body (401 without a key), never 500. Health is checked when it is asked,
 * not by a monitor in the background.
 */
class ManagementEndpointsEndToEndTest {

    @TempDir
    static Path dataDir;

    static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Backend.h2(dataDir));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/health", "/health/liveness", "/health/readiness"})
    void healthNeedsNoKey(String path) {
        HttpResponse<String> response = service.send(service.anonymousRequest(path).GET().build());

        assertAll(() -> assertEquals(200, response.statusCode()),
                () -> assertEquals("{\"status\":\"UP\"}", response.body()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/beans", "/routes", "/threaddump", "/flyway", "/info", "/env", "/loggers", "/metrics",
            "/refresh", "/stop", "/caches"})
    void everyOtherManagementEndpointIsOff(String path) {
        HttpResponse<String> response = service.get(path);

        assertAll(() -> assertEquals(404, response.statusCode()),
                () -> assertEquals("{\"code\":\"NOT_FOUND\",\"message\":\"No resource at " + path
                        + "\",\"status\":404}", response.body()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/refresh", "/stop"})
    void postingToAManagementEndpointIsNotFound(String path) {
        HttpResponse<String> response = service.send(service.request(path)
                .POST(BodyPublishers.noBody()).build());

        assertAll(() -> assertEquals(404, response.statusCode()),
                () -> assertEquals("{\"code\":\"NOT_FOUND\",\"message\":\"No resource at " + path
                        + "\",\"status\":404}", response.body()));
    }

    @Test
    void healthIsCheckedWhenAskedAndNotInTheBackground() {
        // Micronaut's health monitor would run every indicator, the database's too, once a minute
        assertFalse(service.hasBeanDefinition(HealthMonitorTask.class), "a health monitor runs in the background");
    }

    @Test
    void withoutAKeyAManagementEndpointIs401() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/beans").GET().build());

        assertAll(() -> assertEquals(401, response.statusCode()),
                () -> assertEquals("{\"code\":\"UNAUTHORIZED\",\"message\":\"An API key is required: send the header "
                        + "'Authorization: Bearer <API key>'\",\"status\":401}", response.body()));
    }
}
