package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.Caller;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/**
 * Fair use as a client sees it: every request with a managed key costs a unit of the key's quota (a batch one per
 * change), every answer tells where the key stands ({@code RateLimit-Policy}, {@code RateLimit}), and over the quota
 * the answer is 429 {@code RATE_LIMITED} with {@code Retry-After}, before the body is read, changing nothing. The
 * quota is the application's own service on a clock the test moves; {@code 5/s burst 5} unless a test says otherwise,
 * so that with the clock still a key has five requests.
 */
class RateLimitsTest extends HttpAdapterTest {

    private static final Quota FIVE = new Quota(5, 5, 2);
    private static final String POLICY = "\"default\";q=5;w=1";
    private static final String ENTRY_1 = "{\"petId\":1,\"quantity\":12,\"status\":\"available\"}";

    private String overQuota(String name) {
        return "This API key (" + keys.idOf(name) + ", \"" + name + "\") is over its quota of 5/s burst 5: retry in "
                + "1 s (Retry-After); nothing was changed";
    }

    private static void assertRateLimit(ApiResponse response, int remaining, long reset) {
        assertAll(response.toString(),
                () -> assertEquals(List.of(POLICY), response.header("RateLimit-Policy"), "RateLimit-Policy"),
                () -> assertEquals(List.of("\"default\";r=" + remaining + ";t=" + reset),
                        response.header("RateLimit"), "RateLimit"),
                () -> assertEquals(List.of(), response.header("Retry-After"), "Retry-After"));
    }

    private static void assertLimited(ApiResponse response, long retryAfter) {
        assertAll(response.toString(),
                () -> assertEquals(List.of(POLICY), response.header("RateLimit-Policy"), "RateLimit-Policy"),
                () -> assertEquals(List.of("\"default\";r=0;t=" + retryAfter), response.header("RateLimit"),
                        "RateLimit"),
                () -> assertEquals(List.of(Long.toString(retryAfter)), response.header("Retry-After"),
                        "Retry-After"));
    }

    private static void assertNoRateLimit(ApiResponse response) {
        assertAll(response.toString(),
                () -> assertEquals(List.of(), response.header("RateLimit-Policy"), "RateLimit-Policy"),
                () -> assertEquals(List.of(), response.header("RateLimit"), "RateLimit"),
                () -> assertEquals(List.of(), response.header("Retry-After"), "Retry-After"));
    }

    @Test
    void everyAnswerTellsWhereTheKeyStandsAndOverTheQuotaIs429() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("storefront");

        for (int remaining = 4; remaining >= 0; remaining--) {
            ApiResponse response = api.get("/v1/inventory/1").bearer(key).send();
            assertJson(response, 200, ENTRY_1);
            assertRateLimit(response, remaining, 1);
        }
        ApiResponse refused = api.get("/v1/inventory/1").bearer(key).send();

        assertError(refused, 429, "RATE_LIMITED", overQuota("storefront"));
        assertLimited(refused, 1);
    }

    @Test
    void theQuotaComesBackWithTime() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("storefront");
        for (int i = 0; i < 5; i++) {
            api.get("/v1/inventory").bearer(key).send();
        }
        assertEquals(429, api.get("/v1/inventory").bearer(key).send().status());

        quotas.advanceMillis(200);
        ApiResponse again = api.get("/v1/inventory/1").bearer(key).send();

        assertJson(again, 200, ENTRY_1);
        assertRateLimit(again, 0, 1);
        quotas.advanceMillis(1_000);
        assertRateLimit(api.get("/v1/inventory/1").bearer(key).send(), 4, 1);
    }

    @Test
    void errorsTellWhereTheKeyStandsToo() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("till-1");

        ApiResponse notFound = api.get("/v1/inventory/999").bearer(key).send();
        ApiResponse invalid = api.patch("/v1/inventory/1").bearer(key).json("{\"quantity\":-1}").send();
        ApiResponse unknownRoute = api.get("/v1/nothing-here").bearer(key).send();

        assertEquals(404, notFound.status(), notFound::toString);
        assertRateLimit(notFound, 4, 1);
        assertEquals(400, invalid.status(), invalid::toString);
        assertRateLimit(invalid, 3, 1);
        assertEquals(404, unknownRoute.status(), unknownRoute::toString);
        assertRateLimit(unknownRoute, 2, 1);
    }

    @Test
    void aRefusedChangeChangesNothingAndItsBodyIsNotRead() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("till-1");
        for (int i = 0; i < 5; i++) {
            assertEquals(200, api.get("/v1/inventory/1").bearer(key).send().status());
        }

        ApiResponse patch = api.patch("/v1/inventory/1").bearer(key).json("{\"quantity\":5}").send();
        ApiResponse malformed = api.patch("/v1/inventory/1").bearer(key).json("{\"quantity\":").send();
        ApiResponse adjustment = api.request("POST", "/v1/inventory/1/adjustments").bearer(key)
                .json("{\"delta\":-1}").send();

        assertError(patch, 429, "RATE_LIMITED", overQuota("till-1"));
        assertLimited(patch, 1);
        assertError(malformed, 429, "RATE_LIMITED", overQuota("till-1"));
        assertError(adjustment, 429, "RATE_LIMITED", overQuota("till-1"));
        inventory.assertUntouched();
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200, ENTRY_1);
    }

    @Test
    void configuredKeysHaveNoQuotaAndNoQuotaFields() {
        quotas.limitTo(FIVE);

        for (int i = 0; i < 20; i++) {
            ApiResponse response = api.get("/v1/inventory/1").authorized().send();
            assertJson(response, 200, ENTRY_1);
            assertNoRateLimit(response);
        }
    }

    @Test
    void withQuotasOffNothingIsCountedOrTold() {
        quotas.off();
        String key = keys.secretOf("storefront");

        for (int i = 0; i < 20; i++) {
            ApiResponse response = api.get("/v1/inventory/1").bearer(key).send();
            assertJson(response, 200, ENTRY_1);
            assertNoRateLimit(response);
        }
    }

    @Test
    void healthTheDocumentationAndTheRootCostNothing() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("storefront");
        for (int i = 0; i < 4; i++) {
            api.get("/v1/inventory").bearer(key).send();
        }

        for (int i = 0; i < 10; i++) {
            for (String path : List.of("/health", "/health/liveness", "/v1/openapi.yml", "/v1/openapi.json")) {
                ApiResponse response = api.get(path).bearer(key).send();
                assertEquals(200, response.status(), path);
                assertNoRateLimit(response);
            }
            ApiResponse root = api.get("/").bearer(key).send();
            assertEquals(303, root.status());
            assertNoRateLimit(root);
        }

        assertRateLimit(api.get("/v1/inventory/1").bearer(key).send(), 0, 1);
    }

    @Test
    void aRefusedKeyCostsNothing() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("storefront");

        for (int i = 0; i < 10; i++) {
            ApiResponse forbidden = api.patch("/v1/inventory/1").bearer(key).json("{\"quantity\":5}").send();
            assertEquals(403, forbidden.status(), forbidden::toString);
            assertNoRateLimit(forbidden);
            ApiResponse unauthorized = api.get("/v1/inventory/1").bearer(key + "x").send();
            assertEquals(401, unauthorized.status(), unauthorized::toString);
            assertNoRateLimit(unauthorized);
        }

        assertRateLimit(api.get("/v1/inventory/1").bearer(key).send(), 4, 1);
    }

    @Test
    void aBatchCostsOneUnitPerChange() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("till-1");
        String batch = "{\"changes\":[{\"petId\":1,\"delta\":-1},{\"petId\":2,\"delta\":1},{\"petId\":10,\"delta\":1}]}";

        ApiResponse first = api.request("POST", "/v1/inventory/changes").bearer(key).json(batch).send();
        ApiResponse second = api.request("POST", "/v1/inventory/changes").bearer(key).json(batch).send();

        assertEquals(200, first.status(), first::toString);
        assertRateLimit(first, 2, 1);
        assertError(second, 429, "RATE_LIMITED", "This API key (" + keys.idOf("till-1") + ", \"till-1\") is over "
                + "its quota of 5/s burst 5 for a batch of 3 changes, one unit each: retry in 1 s (Retry-After); "
                + "nothing was changed");
        assertLimited(second, 1);
        assertEquals(1, inventory.commands().size(), "only the first batch reached the use case");
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200,
                "{\"petId\":1,\"quantity\":11,\"status\":\"available\"}");
    }

    @Test
    void aBatchLargerThanTheBurstIsRefusedWithWhatToDo() {
        quotas.limitTo(FIVE);
        String batch = "{\"changes\":[{\"petId\":1,\"delta\":1},{\"petId\":2,\"delta\":1},{\"petId\":10,\"delta\":1},"
                + "{\"petId\":3,\"delta\":1},{\"petId\":4,\"delta\":1},{\"petId\":5,\"delta\":1}]}";

        ApiResponse refused = api.request("POST", "/v1/inventory/changes").bearer(keys.secretOf("till-1"))
                .json(batch).send();

        assertError(refused, 429, "RATE_LIMITED", "This API key (" + keys.idOf("till-1") + ", \"till-1\") has a "
                + "quota of 5/s burst 5: a batch of 6 changes costs 6 at once, more than its burst; send at most 5 "
                + "changes in a batch; nothing was changed");
        inventory.assertUntouched();
    }

    @Test
    void aKeptIdempotencyKeyAnswerIsNotReplayedPastTheQuota() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("till-1");
        String adjusted = "{\"petId\":1,\"quantity\":11,\"status\":\"available\"}";

        for (int remaining = 4; remaining >= 0; remaining--) {
            ApiResponse response = api.request("POST", "/v1/inventory/1/adjustments").bearer(key)
                    .header("Idempotency-Key", "\"sale-1\"").json("{\"delta\":-1}").send();
            assertJson(response, 200, adjusted);
            assertRateLimit(response, remaining, 1);
        }
        ApiResponse replay = api.request("POST", "/v1/inventory/1/adjustments").bearer(key)
                .header("Idempotency-Key", "\"sale-1\"").json("{\"delta\":-1}").send();

        assertError(replay, 429, "RATE_LIMITED", overQuota("till-1"));
        assertLimited(replay, 1);
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200, adjusted);
    }

    @Test
    void aChangedQuotaAppliesFromTheNextRequest() {
        quotas.limitTo(FIVE);
        String key = keys.secretOf("storefront");
        assertRateLimit(api.get("/v1/inventory/1").bearer(key).send(), 4, 1);

        keys.changeQuota(keys.idOf("storefront"), new Quota(50, 100, 8), Caller.OPERATOR);
        ApiResponse response = api.get("/v1/inventory/1").bearer(key).send();

        assertHeader(response, "RateLimit-Policy", "\"default\";q=50;w=1");
        // the key still owes the 0.2 s its first request took at 5/s; then 1/50 s: 100 - 11 - 0 (whole units)
        assertHeader(response, "RateLimit", "\"default\";r=89;t=1");
    }

    @Test
    void refusalsAreCountedByKeyAtPrometheus() {
        quotas.limitTo(FIVE);
        String id = keys.idOf("storefront");
        double before = refusedAtPrometheus(id);
        for (int i = 0; i < 8; i++) {
            api.get("/v1/inventory").bearer(keys.secretOf("storefront")).send();
        }

        assertEquals(before + 3, refusedAtPrometheus(id), 0.0);
    }

    @Test
    void aKeyHoldsAsManyLiveFeedsAsItsQuotaSaysAndGetsThemBack() throws Exception {
        quotas.limitTo(new Quota(100, 100, 2));
        String key = keys.secretOf("storefront");
        try (HttpClient client = HttpClient.newHttpClient(); Feeds feeds = new Feeds()) {
            HttpResponse<Stream<String>> first = feeds.open(client, key);
            HttpResponse<Stream<String>> second = feeds.open(client, key);
            assertEquals(200, first.statusCode());
            assertEquals(200, second.statusCode());

            ApiResponse third = api.get("/v1/inventory/changes?after=0").bearer(key)
                    .header("Accept", "text/event-stream").send();

            assertError(third, 429, "RATE_LIMITED", "This API key (" + keys.idOf("storefront") + ", \"storefront\") "
                    + "has 2 live feeds open, as many as its quota allows: close one before opening another, or have "
                    + "its quota give it more live feeds");
            assertEquals(List.of("\"default\";q=100;w=1", "\"feeds\";q=2;qu=\"concurrent-requests\""),
                    third.header("RateLimit-Policy"), third::toString);
            assertHeader(third, "Retry-After", "1");
            assertHeader(third, "RateLimit", "\"default\";r=97;t=1");
            assertEquals(200, api.get("/v1/inventory/changes?after=0").bearer(key).send().status(),
                    "the JSON feed is no live feed");
            HttpResponse<Stream<String>> configured = feeds.open(client, ApiClient.KEY);
            configured.body().close();
            assertEquals(200, configured.statusCode(), "a configured key has no limit");

            first.body().close();
            int status = 429;
            for (int attempt = 0; attempt < 50 && status == 429; attempt++) {
                Thread.sleep(100);
                HttpResponse<Stream<String>> again = feeds.open(client, key);
                status = again.statusCode();
                again.body().close();
            }
            assertEquals(200, status, "the closed feed's place came back");
            second.body().close();
        }
    }

    /** Live feeds opened by a test, all closed at its end (before their client, which waits for them). */
    private final class Feeds implements AutoCloseable {

        private final List<Stream<String>> opened = new ArrayList<>();

        HttpResponse<Stream<String>> open(HttpClient client, String key) throws Exception {
            HttpResponse<Stream<String>> response = client.send(HttpRequest.newBuilder(
                            URI.create(api.server().getURL() + "/v1/inventory/changes?after=0"))
                    .header("Authorization", "Bearer " + key)
                    .header("Accept", "text/event-stream").build(), BodyHandlers.ofLines());
            opened.add(response.body());
            return response;
        }

        @Override
        public void close() {
            opened.forEach(Stream::close);
        }
    }

    /** {@code petstore_rate_limited_total} of the key at {@code /prometheus}, 0 before the first refusal. */
    private double refusedAtPrometheus(String keyId) {
        ApiResponse metrics = api.get("/prometheus").authorized().send();
        assertEquals(200, metrics.status(), metrics::toString);
        String series = "petstore_rate_limited_total{key_id=\"" + keyId + "\"} ";
        return metrics.body().lines().filter(line -> line.startsWith(series))
                .mapToDouble(line -> Double.parseDouble(line.substring(series.length())))
                .findFirst().orElse(0);
    }

    @Test
    void tenThousandRequestsOverQuotaFromOneKeyLeaveAnotherKeyItsQuota() throws Exception {
        quotas.limitTo(new Quota(100, 100, 8));
        String flooding = keys.secretOf("storefront");
        String steady = keys.secretOf("read-admin");
        int accepted = 0;
        int refused = 0;
        int steadyAccepted = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(8)) {
            for (int tenth = 0; tenth < 100; tenth++) {
                List<Future<Integer>> flood = new ArrayList<>();
                for (int client = 0; client < 4; client++) {
                    flood.add(clients.submit(requests(flooding, 25)));
                }
                Future<Integer> calm = clients.submit(requests(steady, 5));
                for (Future<Integer> sent : flood) {
                    int ok = sent.get();
                    accepted += ok;
                    refused += 25 - ok;
                }
                steadyAccepted += calm.get();
                quotas.advanceMillis(100);
            }
        }

        assertEquals(10_000, accepted + refused);
        assertEquals(500, steadyAccepted, "the key at half its quota got every request through");
        assertTrue(accepted >= 1_000 && accepted <= 1_100, "the flooding key got its quota: " + accepted);
    }

    /** Sends {@code count} reads with the key; how many were answered 200 (the others must be 429). */
    private Callable<Integer> requests(String key, int count) {
        return () -> {
            int ok = 0;
            for (int i = 0; i < count; i++) {
                int status = api.get("/v1/inventory/1").bearer(key).send().status();
                assertTrue(status == 200 || status == 429, "status " + status);
                ok += status == 200 ? 1 : 0;
            }
            return ok;
        };
    }

    @Test
    void aKeysOwnQuotaAppliesWithTheDefaultOff() {
        quotas.off();
        keys.changeQuota(keys.idOf("storefront"), FIVE, new Caller("operator", Scopes.ALL));
        String key = keys.secretOf("storefront");

        for (int remaining = 4; remaining >= 0; remaining--) {
            assertRateLimit(api.get("/v1/inventory/1").bearer(key).send(), remaining, 1);
        }
        assertError(api.get("/v1/inventory/1").bearer(key).send(), 429, "RATE_LIMITED", overQuota("storefront"));
        assertNoRateLimit(api.get("/v1/inventory/1").bearer(keys.secretOf("read-admin")).send());
    }
}
