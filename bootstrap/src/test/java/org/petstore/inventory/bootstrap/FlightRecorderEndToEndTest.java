package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK Flight Recorder in the running service: an operator starts a recording with {@code jcmd <pid> JFR.start},
 * as with any JVM. The service runs in a JVM of its own, started as an operator starts it.
 */
class FlightRecorderEndToEndTest {

    private static final String KEY = "jfr-e2e-key";

    @TempDir
    Path workDir;

    @Test
    void aRecordingStartsInTheRunningService() throws Exception {
        String answer = jcmdWhileRunning(Map.of(), "JFR.start", "name=check");

        assertTrue(answer.contains("Started recording"), answer);
    }

    /** Starts the service, waits for an authorized 200, runs jcmd against it, and stops it. */
    private String jcmdWhileRunning(Map<String, String> settings, String... command) throws Exception {
        int port = FreePort.next();
        Path log = workDir.resolve("service.log");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED", ServiceProcess.OPEN_JAVA_LANG,
                ServiceProcess.LOGGING_AS_SHIPPED,
                "-cp", System.getProperty("java.class.path"),
                Application.class.getName())
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("PETSTORE_") || name.startsWith("DATASOURCES_")
                || name.startsWith("MICRONAUT_") || name.startsWith("JAVA_TOOL_OPTIONS"));
        environment.put("PETSTORE_PORT", String.valueOf(port));
        environment.put("PETSTORE_API_KEYS", KEY);
        environment.put("PETSTORE_DATA_DIR", workDir.resolve("data").toString());
        environment.put("PETSTORE_SHUTDOWN_DRAIN", "0s");
        environment.putAll(settings);
        Process service = builder.start();
        try {
            assertEquals(200, firstAnswer(service, port, log));
            String[] jcmd = new String[command.length + 2];
            jcmd[0] = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            jcmd[1] = String.valueOf(service.pid());
            System.arraycopy(command, 0, jcmd, 2, command.length);
            Process tool = new ProcessBuilder(jcmd).redirectErrorStream(true).start();
            String output = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(tool.waitFor(60, TimeUnit.SECONDS), "jcmd did not end");
            return output;
        } finally {
            service.destroy();
            if (!service.waitFor(30, TimeUnit.SECONDS)) {
                service.destroyForcibly().waitFor();
            }
        }
    }

    private static int firstAnswer(Process service, int port, Path log) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/inventory"))
                .header("Authorization", "Bearer " + KEY).timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            assertTrue(service.isAlive(), () -> "the service exited at startup:\n" + read(log));
            try {
                return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException notYet) {
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }
        throw new AssertionError("the service did not answer within 90 s:\n" + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
