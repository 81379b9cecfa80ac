package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.bootstrap.ManagedKeysEndToEndTest.get;
import static org.petstore.inventory.bootstrap.ManagedKeysEndToEndTest.patch;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Quotas over real HTTP on every backend, as a client meets them: a managed key's answers tell where it stands
 * ({@code RateLimit-Policy}, {@code RateLimit}), the request past its burst is refused with 429 before anything
 * changes, a batch costs one per change, a new quota set through the key API applies at once, and the operator's
 * configured keys are never limited.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
abstract class QuotaEndToEndTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"(key-[0-9a-f]{12})\"");
    private static final Pattern SECRET = Pattern.compile("\"key\":\"(pst_[0-9A-Za-z]{49})\"");

    /** A new, empty database on the backend under test, with the demo data enabled. */
    abstract Backend newBackend();

    /** A new key made with the configured key, with this quota (a JSON object, or null: the default): id, secret. */
    static String[] create(RunningService service, String name, String scopes, String quota) {
        HttpResponse<String> created = service.send(service.request("/v1/keys")
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString("{\"name\": \"" + name + "\", \"scopes\": [" + scopes + "]"
                        + (quota == null ? "" : ", \"quota\": " + quota) + "}")).build());
        assertEquals(201, created.statusCode(), created.body());
        Matcher id = ID.matcher(created.body());
        Matcher secret = SECRET.matcher(created.body());
        assertTrue(id.find() && secret.find(), created.body());
        return new String[] {id.group(1), secret.group(1)};
    }

    @Test
    void aKeyPastItsBurstIsRefusedWith429BeforeAnythingChangesAndEveryAnswerTellsWhereItStands() {
        try (RunningService service = RunningService.start(newBackend())) {
            String[] till = create(service, "till-1", "\"inventory:write\"",
                    "{\"perSecond\": 1, \"burst\": 3}");
            String before = service.get("/v1/inventory/2").body();

            HttpResponse<String> first = get(service, till[1], "/v1/inventory/2");
            HttpResponse<String> second = get(service, till[1], "/v1/inventory/2");
            HttpResponse<String> third = get(service, till[1], "/v1/inventory/2");
            HttpResponse<String> refused = patch(service, till[1], "/v1/inventory/2", "{\"quantity\": 0}");
            HttpResponse<String> configured = service.get("/v1/inventory/2");

            assertAll(
                    () -> assertEquals(200, first.statusCode()),
                    () -> assertEquals(List.of("\"default\";q=1;w=1"), first.headers().allValues("RateLimit-Policy")),
                    () -> assertEquals(List.of("\"default\";r=2;t=1"), first.headers().allValues("RateLimit")),
                    () -> assertEquals(List.of("\"default\";r=1;t=2"), second.headers().allValues("RateLimit")),
                    () -> assertEquals(List.of("\"default\";r=0;t=3"), third.headers().allValues("RateLimit")),
                    () -> assertEquals(429, refused.statusCode()),
                    () -> assertEquals(List.of("1"), refused.headers().allValues("Retry-After")),
                    () -> assertEquals(List.of("\"default\";q=1;w=1"),
                            refused.headers().allValues("RateLimit-Policy")),
                    () -> assertEquals("{\"code\":\"RATE_LIMITED\",\"message\":\"This API key (" + till[0]
                            + ", \\\"till-1\\\") is over its quota of 1/s burst 3: retry in 1 s (Retry-After); "
                            + "nothing was changed\",\"status\":429}", refused.body()),
                    () -> assertEquals(before, service.get("/v1/inventory/2").body(), "nothing changed"),
                    () -> assertEquals(200, configured.statusCode()),
                    () -> assertEquals(List.of(), configured.headers().allValues("RateLimit"),
                            "a configured key has no quota"));
        }
    }

    @Test
    void aBatchCostsOnePerChangeAndANewQuotaAppliesAtOnce() {
        try (RunningService service = RunningService.start(newBackend())) {
            String[] tool = create(service, "stock-tool", "\"inventory:write\"",
                    "{\"perSecond\": 1, \"burst\": 2}");
            String before = service.get("/v1/inventory").body();

            HttpResponse<String> batch = service.send(service.request("/v1/inventory/changes")
                    .setHeader("Authorization", "Bearer " + tool[1])
                    .header("Content-Type", "application/json").POST(BodyPublishers.ofString(
                            "{\"changes\": [{\"petId\": 1, \"delta\": 1}, {\"petId\": 2, \"delta\": 1}, "
                                    + "{\"petId\": 3, \"delta\": 1}], \"reason\": \"arrival\"}")).build());
            HttpResponse<String> raised = service.send(service.request("/v1/keys/" + tool[0])
                    .header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"quota\": {\"perSecond\": 100, \"burst\": 200}}"))
                    .build());
            HttpResponse<String> after = get(service, tool[1], "/v1/inventory/2");

            assertAll(
                    () -> assertEquals(429, batch.statusCode(), batch.body()),
                    () -> assertEquals(before, service.get("/v1/inventory").body(), "nothing changed"),
                    () -> assertEquals(200, raised.statusCode(), raised.body()),
                    () -> assertTrue(raised.body().contains("\"quota\":{\"perSecond\":100,\"burst\":200,"
                            + "\"liveFeeds\":8}"), raised.body()),
                    () -> assertEquals(200, after.statusCode()),
                    () -> assertEquals(List.of("\"default\";q=100;w=1"),
                            after.headers().allValues("RateLimit-Policy")));
        }
    }

    @Test
    void theDefaultQuotaComesFromTheSettingAndOffLimitsNoKey() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend, Map.of("petstore.rate-limit", "2/s burst 2"))) {
            String[] reader = create(service, "dashboard", "\"inventory:read\"", null);
            List<Integer> statuses = java.util.stream.IntStream.range(0, 3)
                    .mapToObj(i -> get(service, reader[1], "/v1/inventory/1").statusCode()).toList();
            assertEquals(List.of(200, 200, 429), statuses);
        }
        try (RunningService service = RunningService.start(backend, Map.of("petstore.rate-limit", "off"))) {
            String[] reader = create(service, "wallboard", "\"inventory:read\"", null);
            HttpResponse<String> answer = null;
            for (int i = 0; i < 50; i++) {
                answer = get(service, reader[1], "/v1/inventory/1");
                assertEquals(200, answer.statusCode());
            }
            assertEquals(List.of(), answer.headers().allValues("RateLimit-Policy"));
        }
    }
}
