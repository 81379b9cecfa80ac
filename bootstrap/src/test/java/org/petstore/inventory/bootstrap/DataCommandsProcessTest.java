package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's {@code main} in processes of their own, as an operator runs it: standard output carries only the
 * export and standard error only the command's own lines, the HTTP server never starts for a data command,
 * {@code serve} runs the service, the H2 files of a running service are reported in one line (by a command run in
 * the tests' JVM, another process than the service's), and an import killed while it applies its changes leaves
 * the store as it was.
 */
class DataCommandsProcessTest {

    private static final Duration PROCESS_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    Path directory;

    /** Runs {@code main} with the arguments in a new JVM, with these environment variables. */
    private static Process start(Map<String, String> environment, Path output, Path errors, String... args)
            throws IOException {
        // as the launcher runs it: Netty's native transport needs native access, the event loops an open java.lang
        return start(List.of("--enable-native-access=ALL-UNNAMED", ServiceProcess.OPEN_JAVA_LANG), environment,
                output, errors, args);
    }

    /** Runs {@code main} with the arguments in a new JVM with these options, with these environment variables. */
    private static Process start(List<String> jvmOptions, Map<String, String> environment, Path output, Path errors,
            String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of(ServiceProcess.LOGGING_AS_SHIPPED, "-cp", System.getProperty("java.class.path"),
                "-Xmx256m", Application.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(output.toFile())
                .redirectError(errors.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("PETSTORE_")
                || name.startsWith("DATASOURCES_"));
        builder.environment().putAll(environment);
        return builder.start();
    }

    private record Finished(int exitCode, String out, String err) {

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
        }
    }

    private Finished run(List<String> jvmOptions, Map<String, String> environment, String... args) throws Exception {
        Path out = Files.createTempFile(directory, "out", ".txt");
        Path err = Files.createTempFile(directory, "err", ".txt");
        Process process = start(jvmOptions, environment, out, err, args);
        assertTrue(process.waitFor(PROCESS_TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the command did not end");
        return new Finished(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /**
     * A data command builds no part of the HTTP server, not even to close it, so it loads no native transport: run by
     * a plain {@code java -jar}, without native access, the JVM prints no warning about it; and with the service's
     * port taken by another program, it runs as if it were free. Standard output carries the export, standard error
     * the command's one line and nothing else (no log line). (The launcher's JVM options can only take warnings
     * away: this plain JVM is the stricter case.)
     */
    @Test
    void aDataCommandRunWithoutNativeAccessWritesOnlyItsDataAndItsOwnLineAndNeverStartsTheHttpServer()
            throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            Finished export = run(List.of(), Map.of("PETSTORE_DATA_DIR", directory.resolve("data").toString(),
                    "PETSTORE_PORT", Integer.toString(taken.getLocalPort())), "export");

            List<String> pets = export.out().lines().toList();
            assertAll(
                    () -> assertEquals(0, export.exitCode(), export::toString),
                    () -> assertEquals(12, pets.size(), export::toString),
                    () -> assertEquals("{\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":12,"
                            + "\"version\":1}", pets.getFirst()),
                    () -> assertEquals(1, export.err().lines().count(), "no log line, no warning: " + export),
                    () -> assertTrue(export.err().startsWith("export: wrote 12 pets (12 with stock) to standard "
                            + "output in "), export::toString));
        }
    }

    @Test
    void serveRunsTheServiceAndADataCommandOrKeysOnItsH2FilesSayOneLine() throws Exception {
        Path data = directory.resolve("data");
        int port = FreePort.next();
        Path serviceOut = directory.resolve("service.log");
        // no drain at the SIGTERM that ends the test: nothing is asserted of the stop
        Process service = start(Map.of("PETSTORE_DATA_DIR", data.toString(), "PETSTORE_PORT", Integer.toString(port),
                "PETSTORE_API_KEYS", "process-test-key", "PETSTORE_SHUTDOWN_DRAIN", "0s"), serviceOut,
                directory.resolve("service.err"), "serve");
        try {
            awaitInventory(service, port);

            CommandRun export = CommandRun.on(Map.of("petstore.data-dir", data.toString()), "export");
            CommandRun keys = CommandRun.on(Map.of("petstore.data-dir", data.toString()), "keys", "list");

            assertAll(
                    () -> assertEquals(3, export.exitCode(), export::toString),
                    () -> assertEquals("", export.out()),
                    () -> assertEquals(List.of("petstore-inventory export: the inventory database at jdbc:h2:file:"
                            + data + "/petstore;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;"
                            + "DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;TRACE_LEVEL_FILE=0 cannot be used: the H2 database "
                            + "files are in use "
                            + "by another process (a running service keeps them open): stop it first; nothing was "
                            + "changed"), export.err().lines().toList()),
                    // keys are managed through the running service's API then
                    () -> assertEquals(3, keys.exitCode(), keys::toString),
                    () -> assertEquals(List.of("petstore-inventory keys: the embedded H2 database is held by the "
                            + "running service: manage its keys through the key API (POST /v1/keys with a keys:admin "
                            + "key, see the README); nothing was changed"), keys.err().lines().toList()));
        } finally {
            service.destroy();
            service.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void awaitInventory(Process service, int port) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/inventory"))
                .header("Authorization", "Bearer process-test-key").timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + PROCESS_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            assertTrue(service.isAlive(), "the service exited");
            try {
                if (client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError("the service did not answer within " + PROCESS_TIMEOUT);
    }

    @Test
    void anImportKilledWhileItAppliesLeavesTheH2StoreAsItWas() throws Exception {
        Map<String, Object> store = Map.of("petstore.data-dir", directory.resolve("h2").toString(),
                "petstore.demo-data", false);
        killedWhileApplying(store, Map.of("PETSTORE_DATA_DIR", directory.resolve("h2").toString(),
                "PETSTORE_DEMO_DATA", "false"));
    }

    @Test
    void anImportKilledWhileItAppliesLeavesThePostgresqlStoreAsItWas() throws Exception {
        Map<String, Object> store = Backend.postgresql().properties();
        Map<String, String> environment = new HashMap<>();
        environment.put("DATASOURCES_DEFAULT_URL", (String) store.get("datasources.default.url"));
        environment.put("DATASOURCES_DEFAULT_USERNAME", (String) store.get("datasources.default.username"));
        environment.put("DATASOURCES_DEFAULT_PASSWORD", (String) store.get("datasources.default.password"));
        killedWhileApplying(store, environment);
    }

    /**
     * Seeds the store, starts an import of 200,000 pets in a process of its own, kills it (SIGKILL) as soon as it
     * says it applies its changes, and finds the store as it was.
     */
    private void killedWhileApplying(Map<String, Object> store, Map<String, String> environment) throws Exception {
        Path seed = Files.writeString(directory.resolve("seed.jsonl"), DataCommandsEndToEndTest.PETS);
        assertEquals(0, CommandRun.on(store, "import", seed.toString()).exitCode());
        String before = DataCommandsEndToEndTest.exported(store);
        Path large = directory.resolve("large.csv");
        try (var out = Files.newBufferedWriter(large)) {
            out.write("petId,name,status,quantity\n");
            for (int id = 1; id <= 200_000; id++) {
                out.write(id + ",Pet " + id + ",sold," + id % 100 + "\n");
            }
        }
        Map<String, String> withProgress = new HashMap<>(environment);
        withProgress.put("PETSTORE_PROGRESS_INTERVAL", "0");
        Path err = directory.resolve("import.err");
        Process importing = start(withProgress, directory.resolve("import.out"), err, "import", large.toString());

        boolean applying = false;
        long deadline = System.nanoTime() + PROCESS_TIMEOUT.toNanos();
        while (!applying && importing.isAlive() && System.nanoTime() < deadline) {
            applying = Files.readString(err).contains("import: applying the changes in one transaction");
            if (!applying) {
                Thread.sleep(20);
            }
        }
        importing.destroyForcibly();
        importing.waitFor(30, TimeUnit.SECONDS);

        assertTrue(applying, "the import ended before it said it applies: " + Files.readString(err));
        assertEquals(137, importing.exitValue(), "killed by SIGKILL");
        assertEquals(before, DataCommandsEndToEndTest.exported(store), "the killed import changed the store");
    }

    @Test
    void onlyAFirstArgumentThatIsACommandRunsADataCommand() {
        assertAll(
                () -> assertEquals(false, DataCommandLine.isDataCommand(new String[0])),
                () -> assertEquals(false, DataCommandLine.isDataCommand(new String[] {"serve"})),
                () -> assertEquals(false, DataCommandLine.isDataCommand(new String[] {"-micronaut.server.port=1"})),
                () -> assertEquals(true, DataCommandLine.isDataCommand(new String[] {"serve", "--help"})),
                () -> assertEquals(true, DataCommandLine.isDataCommand(new String[] {"export"})),
                () -> assertEquals(true, DataCommandLine.isDataCommand(new String[] {"exprt"})),
                () -> assertEquals(true, DataCommandLine.isDataCommand(new String[] {"--version"})),
                () -> assertEquals(List.of("-x=1"), List.of(DataCommandLine.serviceArguments(
                        new String[] {"serve", "-x=1"}))),
                () -> assertEquals(List.of("-x=1"), List.of(DataCommandLine.serviceArguments(new String[] {"-x=1"}))));
    }
}
