package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stock updates over real HTTP, each test on its own H2 file database: the update is answered, listed, and survives
 * a restart of the application; the demo data never resets it.
 */
class StockUpdateEndToEndTest {

    @TempDir
    Path dataDir;

    @Test
    void updateReturnsTheEntryAndTheListShowsIt() {
        try (RunningService service = RunningService.start(dataDir)) {
            HttpResponse<String> response = service.patch("/v1/inventory/5", "{\"quantity\": 250}");

            assertEquals(200, response.statusCode());
            assertEquals("{\"petId\":5,\"quantity\":250,\"status\":\"pending\"}", response.body());
            assertEquals(InventoryApiEndToEndTest.DEMO_INVENTORY.replace(
                            "{\"petId\":5,\"quantity\":1,", "{\"petId\":5,\"quantity\":250,"),
                    service.get("/v1/inventory").body());
        }
    }

    @Test
    void boundaryQuantitiesAreStored() {
        try (RunningService service = RunningService.start(dataDir)) {
            assertEquals("{\"petId\":1,\"quantity\":2147483647,\"status\":\"available\"}",
                    service.patch("/v1/inventory/1", "{\"quantity\": 2147483647}").body());
            assertEquals("{\"petId\":1,\"quantity\":0,\"status\":\"available\"}",
                    service.patch("/v1/inventory/1", "{\"quantity\": 0}").body());
        }
    }

    @Test
    void stockSurvivesARestartOnTheSameDataDirectory() {
        try (RunningService service = RunningService.start(dataDir)) {
            assertEquals(200, service.patch("/v1/inventory/3", "{\"quantity\": 17}").statusCode());
        }

        try (RunningService restarted = RunningService.start(dataDir)) {
            assertEquals(InventoryApiEndToEndTest.DEMO_INVENTORY.replace(
                            "{\"petId\":3,\"quantity\":0,", "{\"petId\":3,\"quantity\":17,"),
                    restarted.get("/v1/inventory").body());
        }
    }

    @Test
    void withoutDemoDataTheInventoryStartsEmpty() {
        try (RunningService service = RunningService.start(dataDir, Map.of("petstore.demo-data", false))) {
            assertEquals("[]", service.get("/v1/inventory").body());
            assertEquals(404, service.patch("/v1/inventory/1", "{\"quantity\": 1}").statusCode());
        }
    }

    @Test
    void withoutAConfiguredKeyAGeneratedOneProtectsTheApi() {
        try (RunningService service = RunningService.start(dataDir, Map.of("petstore.api-keys", ""))) {
            assertEquals(401, service.get("/v1/inventory").statusCode());
        }
    }
}
