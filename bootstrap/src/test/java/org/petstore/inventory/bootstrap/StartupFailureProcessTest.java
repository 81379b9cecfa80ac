package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failed starts that only the service as a process of its own can show, configured by environment variables:
 * the JVM exits with status 1 and writes exactly one line about it, an {@code ERROR} that names the cause and the
 * setting to change; no stack trace and no other warning or error, neither from the JVM nor from a library that
 * logs once per JVM. One case of each way: a setting (the logging's, which logback and the settings check read from
 * the environment as the JVM starts), the HTTP server (which logs its own failure, left out by the shipped logging
 * configuration), the embedded database (its files held by another process), and the JVM's options. Every other
 * cause is told by the same code, tested in this JVM by {@link StartupFailureEndToEndTest}.
 */
class StartupFailureProcessTest {

    @TempDir
    Path work;

    @Test
    void aLogLevelThatDoesNotExist() {
        assertFailsWith("PETSTORE_LOG_LEVEL is 'LOUD', which is not one of TRACE, DEBUG, INFO, WARN, ERROR, OFF",
                Map.of("PETSTORE_LOG_LEVEL", "LOUD"));
    }

    @Test
    void aPortInUse() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("0.0.0.0"))) {
            assertFailsWith("port " + taken.getLocalPort() + " is in use by another process; stop that process or "
                    + "set PETSTORE_PORT to a free port", Map.of("PETSTORE_PORT", "" + taken.getLocalPort()));
        }
    }

    @Test
    void embeddedDatabaseFilesInUseByAnotherProcess() throws IOException {
        Path dataDir = work.resolve("shared-data");
        try (RunningService _ = RunningService.start(Backend.h2(dataDir))) {
            assertFailsWith("the embedded database " + dataDir.resolve("petstore.mv.db") + " is in use by another "
                    + "process (another instance of the service?); stop that process, or set PETSTORE_DATA_DIR to "
                    + "another directory", Map.of("PETSTORE_DATA_DIR", dataDir.toString()));
            try (Stream<Path> files = Files.list(dataDir)) {
                assertEquals(List.of("petstore.mv.db"), files.map(file -> file.getFileName().toString()).toList(),
                        "the refused start leaves no file of its own (no petstore.trace.db)");
            }
        }
    }

    @Test
    void eventLoopsThatCannotCarryVirtualThreads() {
        assertFailsWith("PETSTORE_LOOM_CARRIER is true, but the JVM does not open java.lang to the service; start it "
                + "with the launcher or java -jar, add --add-opens=java.base/java.lang=ALL-UNNAMED to the JVM's "
                + "options, or set PETSTORE_LOOM_CARRIER=false", Map.of(), new String[0]);
    }

    private void assertFailsWith(String expectedCause, Map<String, String> variables) {
        assertFailsWith(expectedCause, variables, ServiceProcess.OPEN_JAVA_LANG);
    }

    /**
     * Starts the service with the given variables (on a fresh data directory, a free port and a key unless they say
     * otherwise) and asserts that it exits with status 1 after exactly one line that tells the expected cause, and
     * with no stack trace, warning or other error.
     */
    private void assertFailsWith(String expectedCause, Map<String, String> variables, String... jvmOptions) {
        Map<String, String> environment = new HashMap<>();
        environment.put("PETSTORE_DATA_DIR", work.resolve("data-" + System.nanoTime()).toString());
        environment.put("PETSTORE_PORT", "" + FreePort.next());
        environment.put("PETSTORE_API_KEYS", "startup-test-key");
        environment.putAll(variables);

        FailedStart.asProcess(work, environment, jvmOptions).assertFailsWith(expectedCause);
    }
}
