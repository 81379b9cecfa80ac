package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request metrics at {@code /prometheus} count every answer, the refusals of the filters that run before a
 * controller too: a wrong key's 401 and a refused cross-origin request's 403, beside the 200s, each in the series
 * {@code http_server_requests_seconds} by method, status, route template and exception that dashboards read.
 */
class RequestMetricsEndToEndTest {

    private static final String SHOP = "https://shop.example";

    @TempDir
    Path dataDir;

    @Test
    void refusedRequestsAreCountedBesideTheAnsweredOnes() {
        try (RunningService service = RunningService.start(Backend.h2(dataDir),
                Map.of("petstore.cors.allowed-origins", SHOP))) {
            HttpResponse<String> wrongKey = service.send(service.anonymousRequest("/v1/inventory")
                    .header("Authorization", "Bearer not-a-key").GET().build());
            HttpResponse<String> foreignOrigin = service.send(service.request("/v1/inventory/1")
                    .header("Origin", "https://evil.example").header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"quantity\": 4}")).build());
            HttpResponse<String> list = service.get("/v1/inventory");
            assertAll(
                    () -> assertEquals(401, wrongKey.statusCode(), wrongKey.body()),
                    () -> assertEquals(403, foreignOrigin.statusCode(), foreignOrigin.body()),
                    () -> assertEquals(200, list.statusCode(), list.body()));

            String metrics = scrape(service);

            assertAll(
                    () -> assertSeries(metrics, "http_server_requests_seconds_count{"
                            + "exception=\"AuthorizationException\",method=\"GET\",status=\"401\",uri=\"/v1/inventory\"} 1"),
                    () -> assertSeries(metrics, "http_server_requests_seconds_count{exception=\"ApiException\","
                            + "method=\"PATCH\",status=\"403\",uri=\"UNMATCHED_URI\"} 1"),
                    () -> assertSeries(metrics, "http_server_requests_seconds_count{exception=\"none\","
                            + "method=\"GET\",status=\"200\",uri=\"/v1/inventory\"} 1"));
        }
    }

    /** The binder's distribution settings keep their meaning, e.g. the percentiles of the request timer. */
    @Test
    void percentilesAreConfiguredAsTheBindersWere() {
        try (RunningService service = RunningService.start(Backend.h2(dataDir), Map.of(
                "micronaut.metrics.binders.web.server.percentiles", "0.5,0.99"))) {
            assertEquals(200, service.get("/v1/inventory").statusCode());

            String metrics = scrape(service);

            String labels = "exception=\"none\",method=\"GET\",status=\"200\",uri=\"/v1/inventory\"";
            assertAll(
                    () -> assertSeries(metrics, "http_server_requests_seconds{" + labels + ",quantile=\"0.99\"}"),
                    () -> assertSeries(metrics, "http_server_requests_seconds{" + labels + ",quantile=\"0.5\"}"),
                    () -> assertSeries(metrics, "http_server_requests_seconds_count{" + labels + "} 1"));
        }
    }

    private static String scrape(RunningService service) {
        HttpResponse<String> response = service.get("/prometheus");
        assertEquals(200, response.statusCode(), response.body());
        return response.body();
    }

    private static void assertSeries(String metrics, String series) {
        List<String> lines = metrics.lines().filter(line -> line.startsWith("http_server_requests")).toList();
        assertTrue(metrics.lines().anyMatch(line -> line.startsWith(series)), series + " not in " + lines);
    }
}
