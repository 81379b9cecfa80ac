package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.bootstrap.ManagedKeysEndToEndTest.get;

import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Quotas on PostgreSQL, and what only a shared database has: two instances keep one quota for a key, a quota
 * changed through one instance applies on the other within 5 s, and the launcher sets quotas beside a running
 * service.
 */
class PostgresqlQuotaEndToEndTest extends QuotaEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    /**
     * The bound: a client sending four times its quota for 20 s, in turn to each of two instances (as a
     * round-robin balancer would), gets between 0.9 and 1.1 times (quota × 20 + burst) accepted.
     */
    @Test
    void twoInstancesKeepOneQuotaForAKeyAClientSendingFourTimesItsQuotaGetsItsQuotaAcrossBoth() {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            String[] till = create(first, "busy-till", "\"inventory:read\"", "{\"perSecond\": 50, \"burst\": 100}");
            get(second, till[1], "/v1/keys/self"); // both instances know the key before the clock starts
            get(first, till[1], "/v1/keys/self");
            // the two requests above took 2 of the burst: wait until it is whole again
            LockSupport.parkNanos(1_000_000_000L);

            long perRequest = 1_000_000_000L / 200;
            long start = System.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 200 * 20; i++) {
                LockSupport.parkNanos(start + i * perRequest - System.nanoTime());
                RunningService to = i % 2 == 0 ? first : second;
                // a generous timeout: the answers to count are 200 and 429, however busy the machine is
                HttpRequest request = to.request("/v1/inventory/1").timeout(Duration.ofSeconds(60))
                        .setHeader("Authorization", "Bearer " + till[1]).GET().build();
                answers.add(to.sendAsync(request));
            }
            long accepted = 0;
            long refused = 0;
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                int status = answer.join().statusCode();
                accepted += status == 200 ? 1 : 0;
                refused += status == 429 ? 1 : 0;
            }
            long allowed = 50 * 20 + 100;
            long acceptedCount = accepted;
            long refusedCount = refused;
            assertAll(
                    () -> assertTrue(acceptedCount >= allowed * 9 / 10 && acceptedCount <= allowed * 11 / 10,
                            acceptedCount + " accepted of " + answers.size() + "; the bound is 0.9-1.1 x " + allowed),
                    () -> assertEquals(answers.size(), acceptedCount + refusedCount, "only 200 and 429"));
        }
    }

    @Test
    void aQuotaChangedThroughOneInstanceAppliesOnTheOtherWithin5Seconds() {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            String[] tool = create(first, "stock-tool", "\"inventory:read\"", "{\"perSecond\": 100}");
            assertEquals(List.of("\"default\";q=100;w=1"),
                    get(second, tool[1], "/v1/inventory/1").headers().allValues("RateLimit-Policy"));

            HttpResponse<String> changed = first.send(first.request("/v1/keys/" + tool[0])
                    .header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"quota\": {\"perSecond\": 7}}")).build());
            assertEquals(200, changed.statusCode(), changed.body());
            long at = System.nanoTime();
            List<String> policy = List.of();
            while (!policy.equals(List.of("\"default\";q=7;w=1")) && System.nanoTime() - at < 10_000_000_000L) {
                LockSupport.parkNanos(50_000_000L);
                policy = get(second, tool[1], "/v1/inventory/1").headers().allValues("RateLimit-Policy");
            }
            long millis = (System.nanoTime() - at) / 1_000_000;
            assertEquals(List.of("\"default\";q=7;w=1"), policy);
            assertTrue(millis < 5_000, "applied by the other instance after " + millis + " ms");
        }
    }

    @Test
    void aKeysLiveFeedsAreLimitedAcrossInstances() throws Exception {
        Backend shared = newBackend();
        List<InputStream> open = new ArrayList<>();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            String[] wallboard = create(first, "wallboard", "\"inventory:read\"",
                    "{\"perSecond\": 50, \"liveFeeds\": 2}");
            HttpResponse<InputStream> one = feed(first, wallboard[1], open);
            HttpResponse<InputStream> two = feed(second, wallboard[1], open);
            LockSupport.parkNanos(500_000_000L); // both instances shared their open feeds (every 100 ms)
            HttpResponse<InputStream> third = feed(first, wallboard[1], open);
            HttpResponse<InputStream> fourth = feed(second, wallboard[1], open);
            String refused = new String(third.body().readAllBytes(), StandardCharsets.UTF_8);
            open.getFirst().close();
            LockSupport.parkNanos(500_000_000L);
            HttpResponse<InputStream> afterAClose = feed(second, wallboard[1], open);

            assertAll(
                    () -> assertEquals(200, one.statusCode()),
                    () -> assertEquals(200, two.statusCode()),
                    () -> assertEquals(429, third.statusCode()),
                    () -> assertEquals(429, fourth.statusCode()),
                    () -> assertEquals(List.of("\"default\";q=50;w=1", "\"feeds\";q=2;qu=\"concurrent-requests\""),
                            third.headers().allValues("RateLimit-Policy"), "the request's unit, and the feeds"),
                    () -> assertTrue(refused.startsWith("{\"code\":\"RATE_LIMITED\",\"message\":\"This API key ("
                            + wallboard[0] + ", \\\"wallboard\\\") has 2 live feeds open"), refused),
                    () -> assertEquals(200, afterAClose.statusCode(), "one was closed"));
        } finally {
            for (InputStream stream : open) {
                stream.close();
            }
        }
    }

    /** Opens the live feed on its own connection; its body stays open (kept in {@code open}) until closed. */
    private static HttpResponse<InputStream> feed(RunningService service, String secret, List<InputStream> open)
            throws Exception {
        HttpResponse<InputStream> response = HttpClient.newHttpClient().send(service.request(
                "/v1/inventory/changes?after=0").setHeader("Authorization", "Bearer " + secret)
                .header("Accept", "text/event-stream").GET().build(), BodyHandlers.ofInputStream());
        open.add(response.body());
        return response;
    }

    @Test
    void theLaunchersKeysCommandSetsAndChangesAKeysQuota() {
        Backend backend = newBackend();
        try (RunningService service = RunningService.start(backend)) {
            CommandRun created = CommandRun.on(backend.properties(), "keys", "create", "--name", "till-5", "--scopes",
                    "inventory:read", "--quota", "50/s", "--burst", "100");
            assertEquals(0, created.exitCode(), created.toString());
            String secret = created.out().strip();
            String id = created.err().replaceAll("(?s).*created (key-[0-9a-f]{12}).*", "$1");
            HttpResponse<String> used = get(service, secret, "/v1/inventory/1");

            CommandRun updated = CommandRun.on(backend.properties(), "keys", "update", id, "--quota", "10/s",
                    "--live-feeds", "2");
            CommandRun listed = CommandRun.on(backend.properties(), "keys", "list");
            CommandRun neither = CommandRun.on(backend.properties(), "keys", "update", id);
            CommandRun badRate = CommandRun.on(backend.properties(), "keys", "update", id, "--quota", "fast");
            CommandRun back = CommandRun.on(backend.properties(), "keys", "update", id, "--default-quota");
            assertAll(
                    () -> assertEquals(List.of("keys create: created " + id + " \"till-5\" (inventory:read), with "
                            + "50/s burst 100, 8 live feeds; its secret is above, shown this once"),
                            created.errLines()),
                    () -> assertEquals(List.of("\"default\";q=50;w=1"), used.headers().allValues("RateLimit-Policy")),
                    () -> assertEquals(0, updated.exitCode(), updated.toString()),
                    () -> assertEquals(List.of("keys update: " + id + " \"till-5\" (inventory:read) now has 10/s "
                            + "burst 20, 2 live feeds"), updated.errLines()),
                    () -> assertTrue(listed.out().lines().anyMatch(line -> line.startsWith(id + "\t")
                            && line.endsWith("\t10/s burst 20 feeds 2")), listed.toString()),
                    () -> assertEquals(1, neither.exitCode(), neither.toString()),
                    () -> assertEquals(List.of("keys update: give either --quota (e.g. --quota 50/s --burst 100) or "
                            + "--default-quota; nothing was changed"), neither.errLines()),
                    () -> assertEquals(1, badRate.exitCode(), badRate.toString()),
                    () -> assertEquals(List.of("keys update: 'fast' is not a quota: write a rate per second and a "
                            + "burst, for example '200/s burst 400', or 'off'; nothing was changed"),
                            badRate.errLines()),
                    () -> assertEquals(0, back.exitCode(), back.toString()),
                    () -> assertEquals(List.of("keys update: " + id + " \"till-5\" (inventory:read) now has the "
                            + "default quota"), back.errLines()));
        }
    }
}
