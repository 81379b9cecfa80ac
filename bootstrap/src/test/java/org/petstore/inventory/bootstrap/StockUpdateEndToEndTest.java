package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Stock updates over real HTTP, each test on a database of its own, on every backend: the update is answered,
 * listed, survives a restart of the application, and concurrent updates never interfere. The demo data never resets
 * an update.
 */
abstract class StockUpdateEndToEndTest {

    /** A new, empty database on the backend under test, with the demo data enabled. */
    abstract Backend newBackend();

    @Test
    void updateReturnsTheEntryAndTheListShowsIt() {
        try (RunningService service = RunningService.start(newBackend())) {
            HttpResponse<String> response = service.patch("/v1/inventory/5", "{\"quantity\": 250}");

            assertEquals(200, response.statusCode());
            assertEquals("{\"petId\":5,\"quantity\":250,\"status\":\"pending\"}", response.body());
            assertEquals(demoInventoryWith(5, 250), service.get("/v1/inventory").body());
        }
    }

    @Test
    void boundaryQuantitiesAreStored() {
        try (RunningService service = RunningService.start(newBackend())) {
            assertEquals("{\"petId\":1,\"quantity\":2147483647,\"status\":\"available\"}",
                    service.patch("/v1/inventory/1", "{\"quantity\": 2147483647}").body());
            assertEquals("{\"petId\":1,\"quantity\":0,\"status\":\"available\"}",
                    service.patch("/v1/inventory/1", "{\"quantity\": 0}").body());
        }
    }

    @Test
    void stockSurvivesARestartOnTheSameDatabase() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend)) {
            assertEquals(200, service.patch("/v1/inventory/3", "{\"quantity\": 17}").statusCode());
        }

        try (RunningService restarted = RunningService.start(backend)) {
            assertEquals(demoInventoryWith(3, 17), restarted.get("/v1/inventory").body());
        }
    }

    @Test
    void concurrentUpdatesOfOneEntryAllSucceedAndOneOfTheValuesIsKept() {
        try (RunningService service = RunningService.start(newBackend())) {
            List<Integer> sent = IntStream.rangeClosed(1, 64).map(n -> 1000 + n).boxed().toList();

            List<HttpResponse<String>> responses = service.sendConcurrently(sent.stream()
                    .map(quantity -> patchRequest(service, 9, quantity))
                    .toList());

            for (int i = 0; i < sent.size(); i++) {
                assertEquals(200, responses.get(i).statusCode(), responses.get(i).body());
                assertEquals("{\"petId\":9,\"quantity\":" + sent.get(i) + ",\"status\":\"available\"}",
                        responses.get(i).body());
            }
            String stored = service.get("/v1/inventory").body();
            long matches = sent.stream().filter(q -> stored.equals(demoInventoryWith(9, q))).count();
            assertEquals(1, matches, "the entry must hold exactly one of the values sent: " + stored);
        }
    }

    @Test
    void concurrentUpdatesOfDifferentEntriesDoNotInterfere() {
        try (RunningService service = RunningService.start(newBackend())) {
            List<Integer> petIds = IntStream.rangeClosed(1, 12).boxed().toList();
            List<HttpRequest> requests = IntStream.range(0, 64)
                    .mapToObj(i -> patchRequest(service, petIds.get(i % 12), 500 + petIds.get(i % 12)))
                    .toList();

            List<HttpResponse<String>> responses = service.sendConcurrently(requests);

            assertTrue(responses.stream().allMatch(response -> response.statusCode() == 200));
            String expected = InventoryApiEndToEndTest.DEMO_INVENTORY;
            for (int petId : petIds) {
                expected = withQuantity(expected, petId, 500 + petId);
            }
            assertEquals(expected, service.get("/v1/inventory").body());
        }
    }

    private static HttpRequest patchRequest(RunningService service, int petId, int quantity) {
        return service.request("/v1/inventory/" + petId)
                .header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\": " + quantity + "}"))
                .build();
    }

    /** The demo inventory with one pet's quantity changed. */
    static String demoInventoryWith(int petId, int quantity) {
        return withQuantity(InventoryApiEndToEndTest.DEMO_INVENTORY, petId, quantity);
    }

    private static String withQuantity(String inventoryJson, int petId, int quantity) {
        if (!inventoryJson.contains("{\"petId\":" + petId + ",")) {
            throw new IllegalArgumentException("no entry for pet " + petId + " in " + inventoryJson);
        }
        return inventoryJson.replaceFirst("\\{\"petId\":" + petId + ",\"quantity\":\\d+,",
                "{\"petId\":" + petId + ",\"quantity\":" + quantity + ",");
    }
}
