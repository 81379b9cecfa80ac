package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher ({@code src/launcher/petstore-inventory}) picks the JVM's options as the README says: the shipped
 * defaults, {@code JAVA_OPTS} after them, and the AOT cache trained for the database the start names (PostgreSQL's
 * when {@code DATASOURCES_DEFAULT_URL} names PostgreSQL and that cache exists, else the embedded database's), or none
 * with one warning line when the cache is older than the jar. It runs here beside an empty jar with a stand-in JDK
 * whose {@code java} prints the arguments it was given.
 */
class LauncherTest {

    @TempDir
    Path directory;

    private Path home;
    private Path jdk;

    @BeforeEach
    void installBesideAJarAndAStandInJdk() throws IOException {
        home = Files.createDirectories(directory.resolve("app")).toRealPath();
        Path launcher = home.resolve("petstore-inventory");
        Files.copy(Path.of("src", "launcher", "petstore-inventory"), launcher);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(home.resolve("petstore-inventory.jar"), new byte[0]);
        Files.setLastModifiedTime(home.resolve("petstore-inventory.jar"), FileTime.from(Instant.now().minusSeconds(60)));

        jdk = Files.createDirectories(directory.resolve("jdk/bin")).getParent().toRealPath();
        Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25.0.3\"\n");
    }

    private void cache(String name, Instant modified) throws IOException {
        Path cache = home.resolve(name);
        Files.write(cache, new byte[] {1});
        Files.setLastModifiedTime(cache, FileTime.from(modified));
        Files.copy(jdk.resolve("release"), home.resolve(name + ".jdk"));
    }

    @Test
    void theEmbeddedDatabasesCacheByDefault() throws Exception {
        cache("petstore-inventory.aot", Instant.now());
        cache("petstore-inventory-postgresql.aot", Instant.now());

        Run run = launch(Map.of());

        assertTrue(run.arguments().contains("-XX:AOTCache=" + home.resolve("petstore-inventory.aot")), run.toString());
        assertEquals("", run.errors());
    }

    @Test
    void thePostgresqlCacheWhenTheStartNamesPostgresql() throws Exception {
        cache("petstore-inventory.aot", Instant.now());
        cache("petstore-inventory-postgresql.aot", Instant.now());

        Run run = launch(Map.of("DATASOURCES_DEFAULT_URL", "jdbc:postgresql://db:5432/petstore"));

        assertTrue(run.arguments().contains("-XX:AOTCache=" + home.resolve("petstore-inventory-postgresql.aot")),
                run.toString());
        assertEquals("", run.errors());
    }

    @Test
    void theEmbeddedDatabasesCacheWhenThereIsNoneForPostgresql() throws Exception {
        cache("petstore-inventory.aot", Instant.now());

        Run run = launch(Map.of("DATASOURCES_DEFAULT_URL", "jdbc:postgresql://db:5432/petstore"));

        assertTrue(run.arguments().contains("-XX:AOTCache=" + home.resolve("petstore-inventory.aot")), run.toString());
    }

    @Test
    void aCacheOlderThanTheJarIsNotUsedWithOneWarningLine() throws Exception {
        cache("petstore-inventory.aot", Instant.now());
        cache("petstore-inventory-postgresql.aot", Instant.now().minusSeconds(3600));

        Run run = launch(Map.of("DATASOURCES_DEFAULT_URL", "jdbc:postgresql://db:5432/petstore"));

        assertFalse(run.arguments().stream().anyMatch(argument -> argument.startsWith("-XX:AOTCache")),
                run.toString());
        assertEquals("petstore-inventory: warning: AOT cache " + home.resolve("petstore-inventory-postgresql.aot")
                + " not used: it is older than the jar (refresh it: " + home.resolve("petstore-inventory")
                + " train-aot)\n", run.errors());
    }

    @Test
    void theShippedSettingsThenJavaOptsThenTheJarAndItsArguments() throws Exception {
        Run run = launch(Map.of("JAVA_OPTS", "-Xmx512m -Dsome.flag=1"), "export", "--help");

        List<String> arguments = run.arguments();
        List<String> shipped = arguments.subList(0, arguments.indexOf("-Xmx512m"));
        assertTrue(shipped.containsAll(List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC",
                "-XX:+ExitOnOutOfMemoryError", "--enable-native-access=ALL-UNNAMED",
                "--sun-misc-unsafe-memory-access=allow")),
                run.toString());
        assertEquals(List.of("-Xmx512m", "-Dsome.flag=1", "-jar", home.resolve("petstore-inventory.jar").toString(),
                "export", "--help"), arguments.subList(shipped.size(), arguments.size()));
        assertEquals("", run.errors());
    }

    @Test
    void aGarbageCollectorInJavaOptsReplacesTheDefaultOne() throws Exception {
        Run run = launch(Map.of("JAVA_OPTS", "-XX:+UseParallelGC"));

        assertFalse(run.arguments().contains("-XX:+UseSerialGC"), run.toString());
        assertTrue(run.arguments().contains("-XX:+UseParallelGC"), run.toString());
    }

    @Test
    void aCacheThatAnotherJdkMadeIsNotUsedWithOneWarningLine() throws Exception {
        cache("petstore-inventory.aot", Instant.now());
        Files.writeString(home.resolve("petstore-inventory.aot.jdk"), "JAVA_VERSION=\"25.0.1\"\n");

        Run run = launch(Map.of());

        assertFalse(run.arguments().stream().anyMatch(argument -> argument.startsWith("-XX:AOTCache")),
                run.toString());
        assertEquals("petstore-inventory: warning: AOT cache " + home.resolve("petstore-inventory.aot")
                + " not used: another JDK made it (refresh it: " + home.resolve("petstore-inventory")
                + " train-aot)\n", run.errors());
    }

    @Test
    void theTrainingRunGetsTheShippedSettings() throws Exception {
        int port = FreePort.next();

        // the stand-in JDK prints its arguments into the training service's log and exits, so the training fails
        // and shows the log
        Run run = launch(Map.of("PETSTORE_AOT_TRAIN_PORT", Integer.toString(port)), "train-aot");

        assertEquals(1, run.exit());
        assertTrue(run.errors().contains("petstore-inventory: AOT training failed: the service exited at startup"),
                run.errors());
        List<String> trainingArguments = run.errors().lines().toList();
        assertTrue(trainingArguments.containsAll(List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError",
                home.resolve("petstore-inventory.jar").toString())), run.errors());
    }

    @Test
    void aTrainingDatabaseThatIsNotPostgresqlIsRefused() throws Exception {
        Run run = launch(Map.of("PETSTORE_AOT_TRAIN_DATABASE_URL", "jdbc:h2:mem:scratch"), "train-aot");

        assertEquals(1, run.exit());
        assertEquals("petstore-inventory: PETSTORE_AOT_TRAIN_DATABASE_URL is 'jdbc:h2:mem:scratch'; it names a scratch"
                + " PostgreSQL database (jdbc:postgresql:...) to train petstore-inventory-postgresql.aot on\n",
                run.errors());
    }

    private Run launch(Map<String, String> environment, String... arguments) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(home.resolve("petstore-inventory").toString()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("PETSTORE_")
                || name.startsWith("DATASOURCES_") || name.equals("JAVA_OPTS"));
        builder.environment().put("JAVA_HOME", jdk.toString());
        builder.environment().putAll(environment);
        Path errors = directory.resolve("stderr-" + System.nanoTime());
        Process process = builder.redirectError(errors.toFile()).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the launcher did not end");
        return new Run(process.exitValue(), output.lines().toList(), Files.readString(errors));
    }

    private record Run(int exit, List<String> arguments, String errors) {
    }
}
