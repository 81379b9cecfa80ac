package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * The service as it ships: the launcher {@code target/petstore-inventory} running the shaded jar, after
 * {@code package} (Maven's failsafe runs it in {@code verify}). The tests before it run the classes from their
 * folders; only the jar holds what Micronaut AOT computed at build time (aot-jar.properties: the configuration files as
 * Java, the service loading of the types that are no beans, ...), so this is where that answers for it: the routes
 * of Micronaut's router, the security rules and the errors, then a SIGTERM; on PostgreSQL with JSON
 * logs, every setting from the environment; and a data command, in the configuration of its own environment.
 */
class PackagedServiceIT {

    private static final String KEY = "packaged-key";

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path folder;

    private Process service;
    private Path log;

    @AfterEach
    void stop() throws InterruptedException {
        if (service != null) {
            service.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void theLauncherRunsTheShadedJarThatAnswersEveryKindOfRequestAndStopsOnSigterm() throws Exception {
        int port = FreePort.next();
        start(port);
        String base = "http://127.0.0.1:" + port;

        HttpResponse<String> list = awaitFirstAnswer(base + "/v1/inventory");
        HttpResponse<String> pet = send(request(base + "/v1/pets/1").GET().build());
        HttpResponse<String> health = send(HttpRequest.newBuilder(URI.create(base + "/health")).GET().build());
        HttpResponse<String> patch = send(request(base + "/v1/inventory/2").header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\":5}")).build());
        HttpResponse<String> entry = send(request(base + "/v1/inventory/2").GET().build());
        HttpResponse<String> noKey = send(HttpRequest.newBuilder(URI.create(base + "/v1/inventory")).GET().build());
        HttpResponse<String> nowhere = send(request(base + "/v1/pets-and-more").GET().build());
        HttpResponse<String> invalid = send(request(base + "/v1/inventory/2").header("Content-Type",
                "application/json").method("PATCH", BodyPublishers.ofString("{\"quantity\":-1}")).build());

        assertAll(
                () -> assertEquals(200, list.statusCode()),
                () -> assertTrue(list.body().startsWith("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
                        + "{\"petId\":2,\"quantity\":3,\"status\":\"available\"},"), list.body()),
                () -> assertEquals(200, patch.statusCode()),
                () -> assertEquals("{\"petId\":2,\"quantity\":5,\"status\":\"available\"}", patch.body()),
                () -> assertEquals("{\"petId\":2,\"quantity\":5,\"status\":\"available\"}", entry.body()),
                () -> assertEquals(200, pet.statusCode()),
                () -> assertEquals("{\"id\":1,\"name\":\"Rex\",\"status\":\"available\"}", pet.body()),
                () -> assertEquals(200, health.statusCode()),
                () -> assertEquals("{\"status\":\"UP\"}", health.body()),
                () -> assertEquals(401, noKey.statusCode()),
                () -> assertEquals("{\"code\":\"UNAUTHORIZED\",\"message\":\"An API key is required: send the header"
                        + " 'Authorization: Bearer <API key>'\",\"status\":401}", noKey.body()),
                () -> assertEquals(404, nowhere.statusCode()),
                () -> assertEquals("{\"code\":\"NOT_FOUND\",\"message\":\"No resource at /v1/pets-and-more\","
                        + "\"status\":404}", nowhere.body()),
                () -> assertEquals(400, invalid.statusCode()),
                () -> assertEquals("{\"code\":\"VALIDATION_FAILED\",\"message\":\"quantity must be an integer from 0"
                        + " to 2147483647, got -1\",\"status\":400}", invalid.body()));

        service.toHandle().destroy(); // SIGTERM
        assertTrue(service.waitFor(60, TimeUnit.SECONDS), "the service stops on SIGTERM");
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(TerminationSignal.EXIT_STATUS, service.exitValue(), String.join("\n", lines));
        assertFalse(lines.stream().anyMatch(line -> line.contains(" ERROR ") || line.contains("Exception")),
                String.join("\n", lines));
    }

    @Test
    void onPostgresqlWithJsonLogsEverySettingComesFromTheEnvironment() throws Exception {
        int port = FreePort.next();
        Map<String, String> database = TestPostgres.newDatabase();
        start(port, Map.of("DATASOURCES_DEFAULT_URL", database.get("datasources.default.url"),
                "DATASOURCES_DEFAULT_USERNAME", database.get("datasources.default.username"),
                "DATASOURCES_DEFAULT_PASSWORD", database.get("datasources.default.password"),
                "PETSTORE_DEMO_DATA", "true", "PETSTORE_LOG_FORMAT", "json"));
        String base = "http://127.0.0.1:" + port;

        HttpResponse<String> list = awaitFirstAnswer(base + "/v1/inventory");
        HttpResponse<String> patch = send(request(base + "/v1/inventory/4").header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString("{\"quantity\":70}")).build());

        assertAll(
                () -> assertEquals(200, list.statusCode()),
                () -> assertTrue(list.body().startsWith("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"),
                        list.body()),
                () -> assertEquals(200, patch.statusCode()),
                () -> assertEquals("{\"petId\":4,\"quantity\":70,\"status\":\"available\"}", patch.body()));
        service.toHandle().destroy(); // SIGTERM
        assertTrue(service.waitFor(60, TimeUnit.SECONDS), "the service stops on SIGTERM");
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(TerminationSignal.EXIT_STATUS, service.exitValue(), String.join("\n", lines));
        assertFalse(lines.isEmpty());
        assertTrue(lines.stream().allMatch(line -> line.startsWith("{\"timestamp\":")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(line -> line.contains("Inventory database: PostgreSQL")),
                String.join("\n", lines));
    }

    @Test
    void aDataCommandRunsInItsOwnEnvironment() throws Exception {
        ProcessBuilder builder = launcher(Map.of(), "export");
        Path errors = folder.resolve("export.err");
        Process export = builder.redirectErrorStream(false).redirectError(errors.toFile()).start();
        String out = new String(export.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertTrue(export.waitFor(60, TimeUnit.SECONDS), "the export ends");
        String err = Files.readString(errors, StandardCharsets.UTF_8);
        assertEquals(0, export.exitValue(), out + err);
        assertEquals(12, out.lines().count(), out);
        assertTrue(out.startsWith("{\"petId\":1,"), out);
        assertFalse(err.contains("ERROR") || err.contains("Exception"), err);
    }

    private void start(int port) throws IOException {
        start(port, Map.of());
    }

    private void start(int port, Map<String, String> settings) throws IOException {
        Map<String, String> environment = new HashMap<>(settings);
        environment.put("PETSTORE_PORT", Integer.toString(port));
        environment.put("PETSTORE_API_KEYS", KEY);
        environment.put("PETSTORE_SHUTDOWN_DRAIN", "0s");
        log = folder.resolve("service.log");
        service = launcher(environment).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The launcher in the test's folder, with these settings on a clean environment and the embedded database there. */
    private ProcessBuilder launcher(Map<String, String> settings, String... arguments) {
        Path launcher = Path.of("target", "petstore-inventory").toAbsolutePath();
        assertTrue(Files.isExecutable(launcher), launcher + " is built by package");
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("PETSTORE_")
                || name.startsWith("DATASOURCES_") || name.startsWith("MICRONAUT_") || name.equals("JAVA_OPTS"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("PETSTORE_DATA_DIR", folder.resolve("data").toString());
        builder.environment().putAll(settings);
        return builder;
    }

    private HttpResponse<String> awaitFirstAnswer(String url) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            assertTrue(service.isAlive(), () -> "the service exited at startup:\n" + transcript());
            try {
                return client.send(request(url).GET().build(), BodyHandlers.ofString());
            } catch (ConnectException notYet) {
                assertTrue(System.nanoTime() < deadline, () -> "no answer within 90 s:\n" + transcript());
                Thread.sleep(50);
            }
        }
    }

    private HttpRequest.Builder request(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + KEY);
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return client.send(request, BodyHandlers.ofString());
    }

    private String transcript() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
