package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Managed keys over real HTTP on every backend, as an operator and a client use them: a key created with a
 * configured key may do what its scopes allow and nothing more (403 before the body, nothing changed), names its
 * changes in the ledger by its id, keeps its id and its idempotency answers through a rotation, stops working when
 * revoked (401 saying so), and all of it survives a restart.
 */
abstract class ManagedKeysEndToEndTest {

    static final Pattern CREATED = Pattern.compile("\\{\"id\":\"(key-[0-9a-f]{12})\",\"name\":\"([^\"]+)\","
            + "\"scopes\":\\[([^]]*)],\"createdAt\":\"[^\"]+\",\"expiresAt\":(null|\"[^\"]+\"),"
            + "\"quota\":\\{\"perSecond\":50,\"burst\":200,\"liveFeeds\":8},\"quotaIsDefault\":true,"
            + "\"key\":\"(pst_[0-9A-Za-z]{49})\"}");

    /** A new, empty database on the backend under test, with the demo data enabled. */
    abstract Backend newBackend();

    /** A new key made with the configured key: its id and its secret. */
    static String[] create(RunningService service, String name, String scopes) {
        HttpResponse<String> created = service.send(service.request("/v1/keys")
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString("{\"name\": \"" + name + "\", \"scopes\": [" + scopes + "]}")).build());
        assertEquals(201, created.statusCode(), created.body());
        Matcher key = CREATED.matcher(created.body());
        assertTrue(key.matches(), created.body());
        assertEquals(List.of("/v1/keys/" + key.group(1)), created.headers().allValues("Location"));
        return new String[] {key.group(1), key.group(5)};
    }

    static HttpResponse<String> get(RunningService service, String secret, String path) {
        return service.send(service.request(path).setHeader("Authorization", "Bearer " + secret).GET().build());
    }

    static HttpResponse<String> patch(RunningService service, String secret, String path, String json) {
        return service.send(service.request(path).setHeader("Authorization", "Bearer " + secret)
                .header("Content-Type", "application/json").method("PATCH", BodyPublishers.ofString(json)).build());
    }

    @Test
    void aReadOnlyKeyReadsAndIsRefusedAWriteBeforeItsBodyWithNothingChanged() {
        try (RunningService service = RunningService.start(newBackend())) {
            String[] storefront = create(service, "storefront", "\"inventory:read\"");
            String before = service.get("/v1/inventory/2").body();

            HttpResponse<String> list = get(service, storefront[1], "/v1/inventory");
            HttpResponse<String> refused = patch(service, storefront[1], "/v1/inventory/2", "{\"quantity\": 0}");
            HttpResponse<String> refusedMalformed = patch(service, storefront[1], "/v1/inventory/2", "{nonsense");

            assertAll(
                    () -> assertEquals(200, list.statusCode()),
                    () -> assertEquals(403, refused.statusCode()),
                    () -> assertEquals("{\"code\":\"INSUFFICIENT_SCOPE\",\"message\":\"This API key (" + storefront[0]
                            + ", \\\"storefront\\\") holds inventory:read: PATCH /v1/inventory/2 needs inventory:write\","
                            + "\"status\":403}", refused.body()),
                    () -> assertEquals(List.of("Bearer realm=\"petstore\", error=\"insufficient_scope\", "
                            + "scope=\"inventory:write\""), refused.headers().allValues("WWW-Authenticate")),
                    () -> assertEquals(403, refusedMalformed.statusCode(), "the scope before the body"),
                    () -> assertEquals(before, service.get("/v1/inventory/2").body(), "nothing changed"));
        }
    }

    @Test
    void aWritingKeysChangesCarryItsIdWhichARotationKeepsWithItsIdempotencyAnswers() {
        try (RunningService service = RunningService.start(newBackend())) {
            String[] till = create(service, "till-3", "\"inventory:write\"");
            HttpResponse<String> first = service.send(service.request("/v1/inventory/4/adjustments")
                    .setHeader("Authorization", "Bearer " + till[1]).header("Content-Type", "application/json")
                    .header("Idempotency-Key", "\"sale-77\"")
                    .POST(BodyPublishers.ofString("{\"delta\": -1, \"reason\": \"sale\"}")).build());
            assertEquals(200, first.statusCode(), first.body());

            HttpResponse<String> rotated = service.send(service.request("/v1/keys/" + till[0] + "/rotation")
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString("{\"overlap\": \"PT1H\"}")).build());
            assertEquals(200, rotated.statusCode(), rotated.body());
            Matcher secret = Pattern.compile("\"key\":\"(pst_[0-9A-Za-z]{49})\"").matcher(rotated.body());
            assertTrue(secret.find(), rotated.body());
            assertTrue(rotated.body().startsWith("{\"id\":\"" + till[0] + "\",\"name\":\"till-3\""), rotated.body());

            HttpResponse<String> retried = service.send(service.request("/v1/inventory/4/adjustments")
                    .setHeader("Authorization", "Bearer " + secret.group(1)).header("Content-Type", "application/json")
                    .header("Idempotency-Key", "\"sale-77\"")
                    .POST(BodyPublishers.ofString("{\"delta\": -1, \"reason\": \"sale\"}")).build());
            HttpResponse<String> history = service.get("/v1/inventory/4/changes");
            assertAll(
                    () -> assertEquals(first.body(), retried.body(), "the kept answer, nothing sold twice"),
                    () -> assertEquals(200, get(service, till[1], "/v1/inventory/4").statusCode(),
                            "the old secret works for the overlap"),
                    () -> assertTrue(history.body().startsWith("[{\"changeId\":") && history.body().contains(
                            "\"keyId\":\"" + till[0] + "\""), history.body()),
                    () -> assertEquals(1, history.body().split("\"keyId\"").length - 1, history.body()));
        }
    }

    @Test
    void aRevokedKeyIsRefusedSayingSoAlsoAfterARestartAndRevokingTwiceIsFine() {
        Backend backend = newBackend();
        String[] dashboard;
        try (RunningService service = RunningService.start(backend)) {
            dashboard = create(service, "dashboard", "\"inventory:read\"");
            assertEquals(200, get(service, dashboard[1], "/v1/inventory").statusCode());
            HttpResponse<String> revoked = service.send(service.request("/v1/keys/" + dashboard[0]).DELETE().build());
            HttpResponse<String> again = service.send(service.request("/v1/keys/" + dashboard[0]).DELETE().build());
            HttpResponse<String> unknown = service.send(service.request("/v1/keys/key-000000000000").DELETE().build());
            HttpResponse<String> refused = get(service, dashboard[1], "/v1/inventory");
            assertAll(
                    () -> assertEquals(204, revoked.statusCode()),
                    () -> assertEquals(204, again.statusCode()),
                    () -> assertEquals(404, unknown.statusCode()),
                    () -> assertEquals(401, refused.statusCode()),
                    () -> assertTrue(refused.body().matches("\\{\"code\":\"UNAUTHORIZED\",\"message\":\"This API key \\("
                            + dashboard[0] + "\\) was revoked at [0-9T:.Z-]+\",\"status\":401}"), refused.body()),
                    () -> assertEquals(List.of("Bearer realm=\"petstore\", error=\"invalid_token\""),
                            refused.headers().allValues("WWW-Authenticate")));
        }
        try (RunningService restarted = RunningService.start(backend)) {
            HttpResponse<String> keys = restarted.get("/v1/keys");
            assertAll(
                    () -> assertEquals(401, get(restarted, dashboard[1], "/v1/inventory").statusCode()),
                    () -> assertTrue(keys.body().contains("\"id\":\"" + dashboard[0] + "\""), keys.body()),
                    () -> assertTrue(keys.body().contains("\"revokedAt\":\""), keys.body()),
                    () -> assertFalse(keys.body().contains(dashboard[1]), "never a secret"),
                    () -> assertFalse(keys.body().contains("pst_"), "never a secret"));
        }
    }
}
