package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stock updates on the embedded H2 default, and what only the embedded default does. */
class H2StockUpdateEndToEndTest extends StockUpdateEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }

    @Test
    void withoutDemoDataTheInventoryStartsEmpty() {
        try (RunningService service = RunningService.start(newBackend(), Map.of("petstore.demo-data", false))) {
            assertEquals("[]", service.get("/v1/inventory").body());
            assertEquals(404, service.patch("/v1/inventory/1", "{\"quantity\": 1}").statusCode());
        }
    }

    @Test
    void withoutAConfiguredKeyAGeneratedOneProtectsTheApi() {
        try (RunningService service = RunningService.start(newBackend(), Map.of("petstore.api-keys", ""))) {
            assertEquals(401, service.get("/v1/inventory").statusCode());
        }
    }
}
