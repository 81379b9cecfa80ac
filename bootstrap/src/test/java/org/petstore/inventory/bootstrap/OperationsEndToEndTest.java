package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator watches the running service with, on the embedded default: the health endpoints (no key needed;
 * details only with the key), the Prometheus metrics (with the key), request ids and the access log.
 */
@Tag("whole-log") // it captures or configures the JVM's logging: no other test class runs beside it (pom.xml)
class OperationsEndToEndTest {

    static final String UP = "{\"status\":\"UP\"}";

    @TempDir
    static Path dataDir;

    private static RunningService service;

    @BeforeAll
    static void start() {
        service = RunningService.start(Backend.h2(dataDir));
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void livenessAndReadinessAreUpWithoutAKey() {
        for (String path : new String[] {"/health/liveness", "/health/readiness", "/health"}) {
            HttpResponse<String> response = service.send(service.anonymousRequest(path).GET().build());

            assertEquals(200, response.statusCode(), path);
            assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""), path);
            assertEquals(UP, response.body(), path);
        }
    }

    @Test
    void aWrongKeySeesTheStatusOnly() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/health/readiness")
                .header("Authorization", "Bearer not-a-key").GET().build());

        assertEquals(200, response.statusCode());
        assertEquals(UP, response.body());
    }

    @Test
    void readinessDetailsNameTheDatabaseCheckOnlyForAKeyAndNeverItsUrl() {
        HttpResponse<String> response = service.get("/health/readiness");

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().contains(
                "\"database\":{\"name\":\"petstore-inventory\",\"status\":\"UP\",\"details\":{\"backend\":\"H2 (embedded)\"}}"),
                response.body());
        assertFalse(response.body().contains("jdbc:"), response.body());
        assertFalse(response.body().contains(dataDir.toString()), response.body());
    }

    @Test
    void livenessDoesNotAskTheDatabase() {
        HttpResponse<String> response = service.get("/health/liveness");

        assertEquals(200, response.statusCode(), response.body());
        assertFalse(response.body().contains("\"database\""), response.body());
    }

    @Test
    void prometheusNeedsTheKey() {
        HttpResponse<String> response = service.send(service.anonymousRequest("/prometheus").GET().build());

        assertEquals(401, response.statusCode(), response.body());
        assertEquals("Bearer realm=\"petstore\"", response.headers().firstValue("WWW-Authenticate").orElse(""));
        assertEquals("{\"code\":\"UNAUTHORIZED\",\"message\":\"An API key is required: send the header "
                + "'Authorization: Bearer <API key>'\",\"status\":401}", response.body());

        HttpResponse<String> wrongKey = service.send(service.anonymousRequest("/prometheus")
                .header("Authorization", "Bearer not-a-key").GET().build());
        assertEquals(401, wrongKey.statusCode(), wrongKey.body());
    }

    @Test
    void prometheusShowsRequestsByRouteTemplateJvmPoolAndStockCounters() {
        assertEquals(200, service.patch("/v1/inventory/2", "{\"quantity\": 6}").statusCode());
        assertEquals(404, service.patch("/v1/inventory/999999", "{\"quantity\": 6}").statusCode());
        assertEquals(400, service.patch("/v1/inventory/2", "{\"quantity\": -1}").statusCode());

        HttpResponse<String> response = service.get("/prometheus");

        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        String metrics = response.body();
        assertTrue(metrics.contains("http_server_requests_seconds_count{exception=\"none\",method=\"PATCH\","
                + "status=\"200\",uri=\"/v1/inventory/{petId}\"} 1"), metrics);
        assertTrue(metrics.contains("method=\"PATCH\",status=\"400\",uri=\"/v1/inventory/{petId}\"} 1"), metrics);
        // Micrometer's convention: every 404 shares one series, whatever path was asked for
        assertTrue(metrics.contains("method=\"PATCH\",status=\"404\",uri=\"NOT_FOUND\"} 1"), metrics);
        assertFalse(metrics.contains("/v1/inventory/2\""), "raw ids never become series");
        assertFalse(metrics.contains("/v1/inventory/999999"), "raw ids never become series");
        for (String series : new String[] {"jvm_memory_used_bytes{", "jvm_gc_", "jvm_threads_live_threads ",
                "hikaricp_connections_active{", "hikaricp_connections_pending{"}) {
            assertTrue(metrics.contains(series), series + " missing");
        }
        assertTrue(metrics.contains("\npetstore_stock_updates_total 1.0\n"), metrics);
        assertTrue(metrics.contains("\npetstore_precondition_failures_total 0.0\n"), metrics);
    }

    private static final Pattern GENERATED_ID = Pattern.compile("[0-9a-f]{32}");

    @Test
    void aSaneRequestIdIsEchoedOnEveryResponseErrorsIncluded() {
        String id = "client-7.a_B";
        assertEquals(id, requestId(service.send(service.request("/v1/inventory").header("X-Request-Id", id)
                .GET().build())));
        assertEquals(id, requestId(service.send(service.anonymousRequest("/v1/inventory").header("X-Request-Id", id)
                .GET().build())), "401 from security");
        assertEquals(id, requestId(service.send(service.request("/v1/nothing-here").header("X-Request-Id", id)
                .GET().build())), "404");
        assertEquals(id, requestId(service.send(service.request("/v1/inventory").header("X-Request-Id", id)
                .DELETE().build())), "405");
        assertEquals(id, requestId(service.send(service.request("/v1/inventory/2").header("X-Request-Id", id)
                .header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\": " + "1".repeat(70_000) + "}")).build())),
                "413");
        String longest = "x".repeat(128);
        assertEquals(longest, requestId(service.send(service.request("/health/liveness")
                .header("X-Request-Id", longest).GET().build())));
    }

    @Test
    void anInsaneOrMissingRequestIdIsReplacedByAGeneratedOne() {
        for (String insane : new String[] {"x".repeat(129), "has space", "semi;colon", "\u00e9t\u00e9"}) {
            String id = requestId(service.send(service.request("/v1/inventory").header("X-Request-Id", insane)
                    .GET().build()));
            assertTrue(GENERATED_ID.matcher(id).matches(), insane + " -> " + id);
        }
        String first = requestId(service.get("/v1/inventory"));
        String second = requestId(service.get("/v1/inventory"));
        assertTrue(GENERATED_ID.matcher(first).matches(), first);
        assertFalse(first.equals(second), "every request gets its own id");
    }

    @Test
    void aRequestNettyCannotDecodeGetsAnIdToo() throws IOException {
        String response = rawExchange("GET /v1/inventory HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: raw-1\r\n"
                + "Not a header line\r\n\r\n");

        assertTrue(response.startsWith("HTTP/1.1 400 "), response);
        assertTrue(response.toLowerCase(java.util.Locale.ROOT).contains("\r\nx-request-id: "), response);
    }

    @Test
    void theAccessLogHasOneLinePerRequestWithItsIdAndNeverTheKey() {
        ListAppender<ILoggingEvent> lines = capture("petstore.access", Level.INFO);
        try {
            service.send(service.request("/v1/inventory?page=1").header("X-Request-Id", "access-1").GET().build());
            service.send(service.anonymousRequest("/v1/inventory").header("X-Request-Id", "access-2").GET().build());
            // a key pasted into the path, where the header belongs: on an error answer only the routes' own words,
            // numbers and key ids are written
            service.send(service.request("/v1/inventory/" + RunningService.API_KEY).header("X-Request-Id", "access-3")
                    .GET().build());
            service.send(service.request("/v1/nothing/7").header("X-Request-Id", "access-4").GET().build());
        } finally {
            release("petstore.access", lines);
        }

        List<ILoggingEvent> events = lines.list.stream()
                .filter(event -> event.getMDCPropertyMap().getOrDefault("requestId", "").startsWith("access-"))
                .toList();
        assertEquals(4, events.size(), lines.list.toString());
        ILoggingEvent ok = events.get(0);
        assertTrue(ok.getFormattedMessage().matches("GET /v1/inventory 200 \\d+ bytes \\d+ ms"),
                ok.getFormattedMessage());
        assertEquals("access-1", ok.getMDCPropertyMap().get("requestId"));
        assertEquals(List.of("method", "path", "status", "bytes", "durationMs"),
                ok.getKeyValuePairs().stream().map(pair -> pair.key).toList());
        assertEquals("GET /v1/inventory 401 122 bytes", events.get(1).getFormattedMessage().replaceAll(" \\d+ ms$", ""));
        assertTrue(events.get(2).getFormattedMessage().startsWith("GET /v1/inventory/* 400 "),
                events.get(2).getFormattedMessage());
        assertTrue(events.get(3).getFormattedMessage().startsWith("GET /v1/*/7 404 "),
                events.get(3).getFormattedMessage());
        for (ILoggingEvent event : events) {
            assertFalse(event.getFormattedMessage().contains(RunningService.API_KEY));
            assertFalse(String.valueOf(event.getKeyValuePairs()).contains(RunningService.API_KEY));
        }
    }

    @Test
    void whatIsLoggedWhileHandlingARequestCarriesItsId() {
        String logger = "io.micronaut.security.filters.SecurityFilter";
        ListAppender<ILoggingEvent> lines = capture(logger, Level.DEBUG);
        try {
            service.send(service.request("/v1/inventory").header("X-Request-Id", "traced-1").GET().build());
        } finally {
            release(logger, lines);
        }

        assertFalse(lines.list.isEmpty(), "the security filter logs at DEBUG");
        for (ILoggingEvent event : lines.list) {
            assertEquals("traced-1", event.getMDCPropertyMap().get("requestId"), event.getFormattedMessage());
        }
    }

    private static String requestId(HttpResponse<String> response) {
        return response.headers().firstValue("X-Request-Id").orElse("(none)");
    }

    private static ListAppender<ILoggingEvent> capture(String loggerName, Level level) {
        Logger logger = (Logger) LoggerFactory.getLogger(loggerName);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        logger.setLevel(level);
        return appender;
    }

    private static void release(String loggerName, ListAppender<ILoggingEvent> appender) {
        Logger logger = (Logger) LoggerFactory.getLogger(loggerName);
        logger.detachAppender(appender);
        logger.setLevel(null);
    }

    private static String rawExchange(String request) throws IOException {
        try (Socket socket = new Socket("localhost", service.port())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            int read = in.read(buffer);
            return read < 0 ? "" : new String(buffer, 0, read, StandardCharsets.ISO_8859_1);
        }
    }
}
