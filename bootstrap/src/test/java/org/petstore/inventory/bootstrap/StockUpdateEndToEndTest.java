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

    @Test
    void ofConcurrentUpdatesHoldingTheSameTagExactlyOneSucceedsAndTheRestAre412() {
        try (RunningService service = RunningService.start(newBackend())) {
            HttpResponse<String> read = service.get("/v1/inventory/9");
            String tag = read.headers().firstValue("ETag").orElseThrow();
            assertEquals("\"9.1\"", tag);
            List<Integer> sent = IntStream.rangeClosed(1, 16).map(n -> 2000 + n).boxed().toList();

            List<HttpResponse<String>> responses = service.sendConcurrently(sent.stream()
                    .map(quantity -> service.request("/v1/inventory/9")
                            .header("Content-Type", "application/json")
                            .header("If-Match", tag)
                            .method("PATCH", BodyPublishers.ofString("{\"quantity\": " + quantity + "}"))
                            .build())
                    .toList());

            List<Integer> winners = IntStream.range(0, sent.size())
                    .filter(i -> responses.get(i).statusCode() == 200).boxed().toList();
            assertEquals(1, winners.size(), "exactly one update succeeds: " + responses.stream()
                    .map(HttpResponse::statusCode).toList());
            for (HttpResponse<String> response : responses) {
                if (response.statusCode() != 200) {
                    assertEquals(412, response.statusCode(), response.body());
                    assertEquals("{\"code\":\"PRECONDITION_FAILED\",\"message\":\"The inventory entry for pet 9 "
                            + "has changed: If-Match names none of its current tags; read it again "
                            + "(GET /v1/inventory/9) and retry with its ETag\",\"status\":412}", response.body());
                }
            }
            HttpResponse<String> winner = responses.get(winners.getFirst());
            int won = sent.get(winners.getFirst());
            assertEquals("{\"petId\":9,\"quantity\":" + won + ",\"status\":\"available\"}", winner.body());
            assertEquals("\"9.2\"", winner.headers().firstValue("ETag").orElseThrow());

            HttpResponse<String> after = service.get("/v1/inventory/9");
            assertEquals(winner.body(), after.body());
            assertEquals("\"9.2\"", after.headers().firstValue("ETag").orElseThrow());
            assertEquals(demoInventoryWith(9, won), service.get("/v1/inventory").body());
        }
    }

    @Test
    void versionsAndTagsSurviveARestartAndA304NeedsTheCurrentTag() {
        Backend backend = newBackend();
        String listTag;
        try (RunningService service = RunningService.start(backend)) {
            assertEquals("W/\"12.12.0\"", service.get("/v1/inventory").headers().firstValue("ETag").orElseThrow());
            HttpResponse<String> updated = service.patch("/v1/inventory/3", "{\"quantity\": 17}");
            assertEquals("\"3.2\"", updated.headers().firstValue("ETag").orElseThrow());
            listTag = service.get("/v1/inventory").headers().firstValue("ETag").orElseThrow();
            assertEquals("W/\"12.13.0\"", listTag);
        }

        try (RunningService restarted = RunningService.start(backend)) {
            HttpResponse<String> notModified = restarted.send(restarted.request("/v1/inventory")
                    .header("If-None-Match", listTag).build());
            assertEquals(304, notModified.statusCode());
            assertEquals("", notModified.body());
            assertEquals(listTag, notModified.headers().firstValue("ETag").orElseThrow());

            HttpResponse<String> entry = restarted.send(restarted.request("/v1/inventory/3")
                    .header("If-None-Match", "\"3.1\"").build());
            assertEquals(200, entry.statusCode());
            assertEquals("{\"petId\":3,\"quantity\":17,\"status\":\"sold\"}", entry.body());
            assertEquals("\"3.2\"", entry.headers().firstValue("ETag").orElseThrow());
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
