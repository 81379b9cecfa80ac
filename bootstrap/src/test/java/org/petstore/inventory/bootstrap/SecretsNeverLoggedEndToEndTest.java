package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.joran.spi.JoranException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * No API key, configured or presented, reaches a log line at any level: the application runs with its own logging
 * configuration ({@code logback.xml}), the root logger at TRACE ({@code PETSTORE_LOG_LEVEL=TRACE}) and the security
 * module's loggers at TRACE too, starts with a plain key and a key given by its digest, answers requests with both,
 * with a wrong key, with errors and with Authorization headers that clients get wrong (another scheme, no space, a
 * tab, {@code =}, the key alone, comma lists, the header twice, non-ASCII, very long), with keys where clients put
 * them by mistake (a query parameter such as {@code ?access_token=} or {@code ?api_key=}, a header of another name
 * such as {@code X-Api-Key}, the path), and stops; every line logged meanwhile, with its arguments, exception messages and MDC,
 * is searched for the keys and the presented values.
 */
@Tag("whole-log") // it captures or configures the JVM's logging: no other test class runs beside it (pom.xml)
class SecretsNeverLoggedEndToEndTest {

    private static final String PLAIN_KEY = "plain-key-9f3c1e7a";
    private static final String DIGESTED_KEY = "digested-key-5d2b8c40";
    private static final String WRONG_KEY = "wrong-key-7a41e0d3";

    private static final String BASIC = Base64.getEncoder()
            .encodeToString(("client:" + PLAIN_KEY).getBytes(StandardCharsets.UTF_8));

    /** Authorization headers as clients get them wrong (and right), each sent alone on a connection of its own. */
    private static final List<List<String>> MALFORMED = List.of(
            List.of("Authorization: Bearer=" + PLAIN_KEY),
            List.of("Authorization: Bearer\t" + PLAIN_KEY),
            List.of("Authorization: Bearer" + PLAIN_KEY),
            List.of("Authorization: Bearer  " + PLAIN_KEY),
            List.of("Authorization: " + PLAIN_KEY),
            List.of("Authorization: bearer " + PLAIN_KEY),
            List.of("Authorization: BEARER " + WRONG_KEY),
            List.of("Authorization: Token " + PLAIN_KEY),
            List.of("Authorization: Basic " + BASIC),
            List.of("Authorization: Basic " + PLAIN_KEY),
            List.of("Authorization: Basic " + WRONG_KEY + "=="),
            List.of("Authorization: Bearer " + PLAIN_KEY + ", Bearer " + WRONG_KEY),
            List.of("Authorization: Bearer " + WRONG_KEY, "Authorization: Bearer " + PLAIN_KEY),
            List.of("Authorization: Bearer " + PLAIN_KEY + "\u00e9\u00fc"),
            List.of("Authorization: Bearer " + PLAIN_KEY + "x".repeat(6000)));

    @TempDir
    static Path dataDir;

    /** The managed key created in a run, and its secrets (the first, then the rotated one). */
    private String managedId;
    private final List<String> managedSecrets = new ArrayList<>();
    /** Any webhook secret: {@code whsec_} and the base64 of at least 24 bytes. */
    private static final java.util.regex.Pattern WEBHOOK_SECRET =
            java.util.regex.Pattern.compile("whsec_[A-Za-z0-9+/]{32}");
    /** The base64 of each webhook secret the API showed (after its {@code whsec_}). */
    private final List<String> webhookSecrets = new ArrayList<>();

    @Test
    void noKeyReachesTheLogAtTrace() throws JoranException, IOException {
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        logging.reset();
        logging.putProperty("PETSTORE_LOG_LEVEL", "TRACE");
        LogFormatTest.configureAsShipped(logging);
        assertNoKeyLogged(logging);
    }

    /**
     * An operator's own logging configuration, every logger at TRACE and no word of the service's filter: main installs
     * it all the same.
     */
    @Test
    void noKeyReachesTheLogOfAnOperatorsOwnConfigurationAtTrace() throws JoranException, IOException {
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        logging.reset();
        logging.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.TRACE);
        SecretsLogFilter.install();
        assertNoKeyLogged(logging);
    }

    private void assertNoKeyLogged(LoggerContext logging) throws JoranException, IOException {
        Capture capture = new Capture();
        // the security module's loggers at TRACE too, whatever the shipped configuration says of them: what keeps
        // keys out of their lines must not be a level
        logging.getLogger("io.micronaut.security").setLevel(Level.TRACE);
        logging.getLogger("io.micronaut.security.token.reader").setLevel(Level.TRACE);
        // and every logger that writes resolved configuration values, as a configuration of the operator's own may
        // leave them
        for (String name : List.of("io.micronaut.context.DefaultApplicationContext", "io.micronaut.context.env",
                "io.micronaut.inject", "io.micronaut.context.event.ApplicationEventPublisher")) {
            logging.getLogger(name).setLevel(Level.TRACE);
        }
        Logger root = logging.getLogger(Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        capture.setContext(logging);
        capture.start();
        root.addAppender(capture);
        // Micronaut's own access log switched on too, as an operator may: its INFO line carries the whole URI
        try (RunningService service = RunningService.start(Backend.h2(dataDir), Map.of(
                "petstore.api-keys", PLAIN_KEY + ",sha256:" + sha256Hex(DIGESTED_KEY),
                "micronaut.server.netty.access-logger.enabled", true))) {
            Function<String, Function<String, HttpResponse<String>>> call = key -> path -> service.send(
                    service.anonymousRequest(path).header("Authorization", "Bearer " + key).GET().build());
            assertAll(
                    () -> assertEquals(Level.TRACE, root.getLevel()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/v1/inventory").statusCode()),
                    () -> assertEquals(200, call.apply(DIGESTED_KEY).apply("/v1/store/orders").statusCode()),
                    () -> assertEquals(401, call.apply(WRONG_KEY).apply("/v1/inventory").statusCode()),
                    () -> assertEquals(404, call.apply(PLAIN_KEY).apply("/v1/nothing").statusCode()),
                    () -> assertEquals(400, call.apply(DIGESTED_KEY).apply("/v1/pets/x").statusCode()),
                    () -> assertEquals(200, service.send(service.anonymousRequest("/v1/inventory/1")
                            .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "application/json")
                            .method("PATCH", BodyPublishers.ofString("{\"quantity\": 4}")).build()).statusCode()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/prometheus").statusCode()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/v1/inventory/1").statusCode()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/v1/pets/1").statusCode()),
                    // a key pasted into the path, where the security filter's lines would carry it
                    () -> assertEquals(400, call.apply(PLAIN_KEY).apply("/v1/inventory/" + PLAIN_KEY).statusCode()),
                    () -> assertEquals(401, call.apply(WRONG_KEY).apply("/v1/inventory/" + WRONG_KEY).statusCode()),
                    () -> assertEquals(400, call.apply(PLAIN_KEY).apply("/v1/pets/" + WRONG_KEY).statusCode()),
                    () -> assertEquals(200, call.apply(WRONG_KEY).apply("/v1/openapi.yml").statusCode()),
                    () -> assertEquals(405, service.send(service.anonymousRequest("/v1/inventory/1")
                            .header("Authorization", "Bearer " + PLAIN_KEY).DELETE().build()).statusCode()),
                    () -> assertEquals(415, service.send(service.anonymousRequest("/v1/inventory/1")
                            .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "text/plain")
                            .method("PATCH", BodyPublishers.ofString("quantity=4")).build()).statusCode()),
                    () -> assertEquals(200, service.send(service.anonymousRequest("/health/readiness").GET().build())
                            .statusCode()));
            // a managed key: created, used, rotated, used, revoked, refused; its secrets and their digests never
            // logged, its id logged at INFO for each change
            HttpResponse<String> created = service.send(service.anonymousRequest("/v1/keys")
                    .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString("{\"name\": \"logged-till\", \"scopes\": [\"inventory:write\"]}"))
                    .build());
            assertEquals(201, created.statusCode(), created.body());
            managedId = created.body().replaceAll(".*\"id\":\"(key-[0-9a-f]{12})\".*", "$1");
            managedSecrets.add(created.body().replaceAll(".*\"key\":\"(pst_[0-9A-Za-z]+)\".*", "$1"));
            assertEquals(200, call.apply(managedSecrets.get(0)).apply("/v1/inventory").statusCode());
            HttpResponse<String> rotated = service.send(service.anonymousRequest("/v1/keys/" + managedId + "/rotation")
                    .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString("{\"overlap\": \"PT0S\"}")).build());
            assertEquals(200, rotated.statusCode(), rotated.body());
            managedSecrets.add(rotated.body().replaceAll(".*\"key\":\"(pst_[0-9A-Za-z]+)\".*", "$1"));
            assertEquals(401, call.apply(managedSecrets.get(0)).apply("/v1/inventory").statusCode());
            assertEquals(400, call.apply(managedSecrets.get(1)).apply("/v1/inventory/" + managedSecrets.get(1))
                    .statusCode());
            assertEquals(204, service.send(service.anonymousRequest("/v1/keys/" + managedId)
                    .header("Authorization", "Bearer " + PLAIN_KEY).DELETE().build()).statusCode());
            assertEquals(401, call.apply(managedSecrets.get(1)).apply("/v1/inventory").statusCode());
            // a webhook's secrets: shown when it is created and rotated, never logged
            HttpResponse<String> webhook = service.send(service.anonymousRequest("/v1/webhooks")
                    .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString("{\"url\": \"https://8.8.8.8/hooks\", "
                            + "\"events\": [\"inventory.count.updated\"]}")).build());
            assertEquals(201, webhook.statusCode(), webhook.body());
            String webhookId = webhook.body().replaceAll(".*\"id\":\"(whk-[0-9a-f]{12})\".*", "$1");
            HttpResponse<String> rotatedWebhook = service.send(service.anonymousRequest("/v1/webhooks/" + webhookId
                    + "/secret-rotation").header("Authorization", "Bearer " + PLAIN_KEY)
                    .POST(BodyPublishers.noBody()).build());
            assertEquals(200, rotatedWebhook.statusCode(), rotatedWebhook.body());
            for (String answer : List.of(webhook.body(), rotatedWebhook.body())) {
                webhookSecrets.add(answer.replaceAll(".*\"secret\":\"whsec_([A-Za-z0-9+/=]+)\".*", "$1"));
            }
            // keys in a query string, with and without a key in Authorization: the framework's request lines (the
            // request, no route, wrong method, wrong media type) carry the query string
            Function<String, HttpResponse<String>> withoutKey = path -> service.send(
                    service.anonymousRequest(path).GET().build());
            String entryWithKey = "/v1/inventory/1?api_key=" + PLAIN_KEY;
            String entryWithWrongKey = "/v1/inventory/1?api_key=" + WRONG_KEY;
            assertAll(
                    () -> assertEquals(401, withoutKey.apply("/v1/inventory?access_token=" + PLAIN_KEY).statusCode()),
                    () -> assertEquals(401, withoutKey.apply("/v1/inventory?api_key=" + WRONG_KEY).statusCode()),
                    () -> assertEquals(401, withoutKey.apply("/v1/inventory/1?api_key=" + PLAIN_KEY).statusCode()),
                    () -> assertEquals(401, withoutKey.apply("/v1/nothing?access_token=" + PLAIN_KEY).statusCode()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/v1/inventory?access_token=" + PLAIN_KEY)
                            .statusCode()),
                    () -> assertEquals(401, call.apply(WRONG_KEY).apply("/v1/inventory?api_key=" + WRONG_KEY)
                            .statusCode()),
                    () -> assertEquals(404, call.apply(PLAIN_KEY).apply("/v1/nothing?api_key=" + PLAIN_KEY)
                            .statusCode()),
                    () -> assertEquals(400, call.apply(PLAIN_KEY).apply("/v1/pets/x?access_token=" + WRONG_KEY)
                            .statusCode()),
                    () -> assertEquals(200, call.apply(PLAIN_KEY).apply("/prometheus?access_token=" + PLAIN_KEY)
                            .statusCode()),
                    () -> assertEquals(405, service.send(service.anonymousRequest(entryWithKey)
                            .header("Authorization", "Bearer " + PLAIN_KEY).DELETE().build()).statusCode()),
                    () -> assertEquals(415, service.send(service.anonymousRequest(entryWithWrongKey)
                            .header("Authorization", "Bearer " + PLAIN_KEY).header("Content-Type", "text/plain")
                            .method("PATCH", BodyPublishers.ofString("quantity=4")).build()).statusCode()),
                    // a key in a header of another name
                    () -> assertEquals(401, service.send(service.anonymousRequest("/v1/inventory")
                            .header("X-Api-Key", PLAIN_KEY).GET().build()).statusCode()),
                    () -> assertEquals(401, service.send(service.anonymousRequest("/v1/inventory")
                            .header("X-Api-Key", WRONG_KEY).GET().build()).statusCode()),
                    () -> assertEquals(200, service.send(service.anonymousRequest("/v1/inventory")
                            .header("Authorization", "Bearer " + PLAIN_KEY).header("X-Api-Key", WRONG_KEY).GET()
                            .build()).statusCode()));
            for (List<String> headers : MALFORMED) {
                String status = rawStatusLine(service.port(), "/v1/inventory", headers);
                assertTrue(status.startsWith("HTTP/1.1 "), headers + " got no answer: " + status);
            }
            // a malformed Authorization header and a key in the query string together
            for (String key : List.of(PLAIN_KEY, WRONG_KEY)) {
                String status = rawStatusLine(service.port(), "/v1/inventory?access_token=" + key,
                        List.of("Authorization: Bearer=" + key));
                assertTrue(status.startsWith("HTTP/1.1 401 "), "a malformed header got " + status);
            }
        } finally {
            configure(logging, "/logback-test.xml");
        }

        List<String> lines = capture.lines();
        assertTrue(lines.size() > 1000, "TRACE logging was not captured: " + lines.size() + " lines");
        List<String> presented = MALFORMED.stream().flatMap(List::stream)
                .map(header -> header.substring("Authorization: ".length())).toList();
        List<String> managed = new ArrayList<>(managedSecrets);
        managedSecrets.forEach(secret -> managed.add(sha256Hex(secret)));
        assertEquals(2, managedSecrets.size());
        for (String change : List.of(" created with scopes inventory:write by ", " revoked by ", " rotated by ")) {
            assertTrue(lines.stream().anyMatch(line -> line.contains(managedId) && line.contains("logged-till")
                    && line.contains(change)), "no INFO line for " + change);
        }
        List<String> leaks = lines.stream()
                .filter(line -> line.contains(PLAIN_KEY) || line.contains(DIGESTED_KEY) || line.contains(WRONG_KEY)
                        || line.contains(BASIC) || presented.stream().anyMatch(line::contains)
                        || managed.stream().anyMatch(line::contains)
                        || WEBHOOK_SECRET.matcher(line).find() || webhookSecrets.stream().anyMatch(line::contains))
                .toList();
        assertEquals(2, webhookSecrets.size());
        assertEquals(List.of(), leaks, "log lines with an API key or a webhook secret");
    }

    /** Sends GET of this target with these header lines (UTF-8 bytes) on a connection of its own; its status line. */
    private static String rawStatusLine(int port, String target, List<String> headers) throws IOException {
        StringBuilder request = new StringBuilder("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n");
        headers.forEach(header -> request.append(header).append("\r\n"));
        request.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            int end = answer.indexOf("\r\n");
            return end < 0 ? answer : answer.substring(0, end);
        }
    }

    /** Configures logging from a configuration file on the class path, with PETSTORE_LOG_LEVEL set or not. */
    private static void configure(LoggerContext logging, String resource) throws JoranException {
        URL configuration = SecretsNeverLoggedEndToEndTest.class.getResource(resource);
        logging.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(logging);
        configurator.doConfigure(configuration);
    }

    private static String sha256Hex(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every event, as the text an appender could write of it. */
    private static final class Capture extends AppenderBase<ILoggingEvent> {

        private final List<String> lines = new ArrayList<>();

        @Override
        protected synchronized void append(ILoggingEvent event) {
            StringBuilder line = new StringBuilder(event.getLoggerName()).append(' ')
                    .append(event.getFormattedMessage()).append(' ').append(event.getMDCPropertyMap());
            if (event.getArgumentArray() != null) {
                for (Object argument : event.getArgumentArray()) {
                    line.append(' ').append(argument);
                }
            }
            for (IThrowableProxy thrown = event.getThrowableProxy(); thrown != null; thrown = thrown.getCause()) {
                line.append(' ').append(thrown.getMessage());
            }
            lines.add(line.toString());
        }

        synchronized List<String> lines() {
            return List.copyOf(lines);
        }
    }
}
