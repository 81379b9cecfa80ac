package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The list-body cache of {@code GET /v1/inventory} end to end (on by default): what a client reads is always the
 * current list, as without the cache, and byte for byte the same answer.
 * Each backend's subclass says which database; each test works on a store of its own.
 */
abstract class ListCacheEndToEndTest {

    /** Two pets with stock, each at version 1. */
    static final String TWO_PETS = """
            petId,name,status,quantity,version
            1,Rex,available,12,1
            2,Tom,available,3,1
            """;

    static final String TWO_PETS_JSON = "[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
            + "{\"petId\":2,\"quantity\":3,\"status\":\"available\"}]";

    @TempDir
    Path files;

    /** A new empty store of this backend, as the data commands and the service are configured for it. */
    abstract Map<String, Object> newStore();

    Path file(String name, String content) throws IOException {
        return Files.writeString(files.resolve(name), content, StandardCharsets.UTF_8);
    }

    /** A store holding {@link #TWO_PETS}, loaded with the import command. */
    Map<String, Object> twoPets() throws IOException {
        Map<String, Object> store = newStore();
        load(store, TWO_PETS, "upsert");
        return store;
    }

    void load(Map<String, Object> store, String csv, String mode) throws IOException {
        CommandRun load = CommandRun.on(store, "import", file("load-" + System.nanoTime() + ".csv", csv).toString(),
                "--mode", mode, "--yes");
        assertEquals(0, load.exitCode(), load::toString);
    }

    static HttpResponse<String> list(RunningService service) {
        return service.get("/v1/inventory");
    }

    static String tagOf(HttpResponse<String> response) {
        return response.headers().firstValue("ETag").orElseThrow();
    }

    @Test
    void aChangeIsInTheVeryNextList() throws IOException {
        Map<String, Object> store = twoPets();
        try (RunningService service = RunningService.start(() -> store)) {
            HttpResponse<String> first = list(service);
            HttpResponse<String> again = list(service);
            assertEquals(TWO_PETS_JSON, first.body());
            assertEquals(comparable(first), comparable(again));

            HttpResponse<String> patched = service.patch("/v1/inventory/2", "{\"quantity\": 17}");
            HttpResponse<String> after = list(service);

            assertAll(
                    () -> assertEquals(200, patched.statusCode(), patched::body),
                    () -> assertEquals(TWO_PETS_JSON.replace("\"quantity\":3", "\"quantity\":17"), after.body()),
                    () -> assertEquals("W/\"2.3.0\"", tagOf(after)),
                    () -> assertNotEquals(tagOf(first), tagOf(after)));
        }
    }

    /**
     * Two services on one database: with and without the cache. Each list is read twice by each (the second answer
     * of the service with the cache comes from it), before and after a change: every answer of a round is the same,
     * but for the values of Date and X-Request-Id.
     */
    @Test
    void answersFromTheCacheAreTheAnswersWithoutIt() throws IOException {
        Map<String, Object> store = twoPets();
        Map<String, Object> uncached = Map.of("petstore.inventory.list-cache.enabled", false);
        try (RunningService cached = RunningService.start(() -> store);
             RunningService uncachedService = RunningService.start(() -> store, uncached)) {
            List<RunningService> services = List.of(cached, uncachedService);
            for (int round = 0; round < 2; round++) {
                List<Map<String, Object>> answers = new ArrayList<>();
                for (RunningService service : services) {
                    for (int read = 0; read < 2; read++) {
                        answers.add(comparable(service.sendPlainHttp11(service.request("/v1/inventory").GET()
                                .build())));
                    }
                }
                int thisRound = round;
                assertAll(answers.stream().<Executable>map(answer ->
                        () -> assertEquals(answers.getFirst(), answer, "round " + thisRound)));
                assertEquals(200, answers.getFirst().get("status"));
                cached.patch("/v1/inventory/1", "{\"quantity\": 5}");
            }
        }
    }

    @Test
    void aListThatGrowsPastOneBufferIsStreamedAndTheNextShortOneIsReadAgain() throws IOException {
        Map<String, Object> store = twoPets();
        StringBuilder many = new StringBuilder("petId,name,status,quantity\n");
        for (int petId = 1; petId <= 2_000; petId++) {
            many.append(petId).append(",Pet ").append(petId).append(",available,").append(petId % 10).append('\n');
        }
        try (RunningService service = RunningService.start(() -> store)) {
            assertEquals(TWO_PETS_JSON, list(service).body());
            assertEquals(TWO_PETS_JSON, list(service).body());

            load(store, many.toString(), "upsert");
            HttpResponse<String> grown = list(service);
            HttpResponse<String> grownAgain = list(service);
            load(store, TWO_PETS, "replace");
            HttpResponse<String> shortAgain = list(service);

            assertAll(
                    () -> assertEquals(List.of("chunked"), grown.headers().allValues("Transfer-Encoding")),
                    () -> assertTrue(grown.body().startsWith("[{\"petId\":1,\"quantity\":1,\"status\":\"available\"},"
                            + "{\"petId\":2,\"quantity\":2,"), grown.body()),
                    () -> assertTrue(grown.body().endsWith(",{\"petId\":2000,\"quantity\":0,\"status\":\"available\"}]")),
                    () -> assertEquals(2_000, grown.body().split("\\{").length - 1),
                    () -> assertEquals(grown.body(), grownAgain.body()),
                    () -> assertEquals(List.of("chunked"), grownAgain.headers().allValues("Transfer-Encoding")),
                    () -> assertEquals(List.of(), shortAgain.headers().allValues("Transfer-Encoding")),
                    () -> assertTrue(shortAgain.body().startsWith("[{\"petId\":1,"), shortAgain.body()),
                    () -> assertEquals(2, shortAgain.body().split("\\{").length - 1, shortAgain.body()));
        }
    }

    /** Status, headers (the values of Date and X-Request-Id left out) and body. */
    static Map<String, Object> comparable(HttpResponse<String> response) {
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(response.headers().map());
        headers.computeIfPresent("Date", (name, values) -> List.of("(a date)"));
        headers.computeIfPresent("X-Request-Id", (name, values) -> List.of("(an id)"));
        return Map.of("status", response.statusCode(), "headers", headers, "body", response.body());
    }
}
