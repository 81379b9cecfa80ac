package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code endpoints.all.port} the management endpoints answer on a port of their own, and the API on its port.
 */
class ManagementPortEndToEndTest {

    @TempDir
    static Path dataDir;

    static int managementPort;
    static RunningService service;

    @BeforeAll
    static void start() {
        managementPort = FreePort.next();
        service = RunningService.start(Backend.h2(dataDir), Map.of("endpoints.all.port", managementPort));
    }

    @AfterAll
    static void stop() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void healthAnswersOnTheManagementPort() {
        HttpResponse<String> health = service.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + managementPort + "/health")).timeout(Duration.ofSeconds(10)).build());

        assertAll(() -> assertEquals(200, health.statusCode()),
                () -> assertEquals("{\"status\":\"UP\"}", health.body()));
    }

    @Test
    void theApiAnswersOnItsOwnPort() {
        HttpResponse<String> pet = service.get("/v1/pets/1");
        HttpResponse<String> list = service.sendPlainHttp11(service.request("/v1/inventory").GET().build());

        assertAll(() -> assertEquals(200, pet.statusCode()),
                () -> assertEquals("{\"id\":1,\"name\":\"Rex\",\"status\":\"available\"}", pet.body()),
                () -> assertEquals(200, list.statusCode()),
                () -> assertTrue(list.body().startsWith("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"),
                        list.body()));
    }
}
