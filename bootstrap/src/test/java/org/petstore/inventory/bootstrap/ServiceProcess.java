package org.petstore.inventory.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service started as an operator starts it: {@link Application#main} in a JVM of its own, configured by
 * environment variables only, logging as the service does (its {@code logback.xml}, not the tests' configuration). Its standard
 * output and error go to one file, read once it exits.
 */
final class ServiceProcess {

    private static final long EXIT_TIMEOUT_SECONDS = 120;
    /** What the jar's manifest does for {@code java -jar} (Add-Opens): Micronaut's event loops carry virtual threads. */
    static final String OPEN_JAVA_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";

    /**
     * The service's own logging configuration, {@code logback.xml}: on the tests' class path logback would take
     * the tests' {@code logback-test.xml} first.
     */
    static final String LOGGING_AS_SHIPPED = "-Dlogback.configurationFile=logback.xml";

    private ServiceProcess() {
    }

    /** What a process that exited left behind. */
    record Exit(int code, List<String> output) {

        /** Every line the service wrote, for a failure message. */
        String transcript() {
            return String.join("\n", output);
        }
    }

    /**
     * Starts the service with the given environment variables on top of a clean environment (no inherited
     * {@code PETSTORE_*}, {@code DATASOURCES_*}, {@code MICRONAUT_*} variables) and waits for it to exit.
     */
    static Exit runUntilExit(Path workDirectory, Map<String, String> environment) {
        return runUntilExit(workDirectory, environment, OPEN_JAVA_LANG);
    }

    /**
     * As {@link #runUntilExit(Path, Map)}, with these JVM options instead of the ones the jar's manifest gives
     * ({@value #OPEN_JAVA_LANG}; the service here runs from its classes, not from the jar).
     */
    static Exit runUntilExit(Path workDirectory, Map<String, String> environment, String... jvmOptions) {
        Path log = workDirectory.resolve("service-" + System.nanoTime() + ".log");
        try {
            Process process = builder(workDirectory, environment, log, jvmOptions).start();
            try {
                if (!process.waitFor(EXIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    throw new AssertionError("the service did not exit within " + EXIT_TIMEOUT_SECONDS + " s:\n"
                            + String.join("\n", Files.readAllLines(log, StandardCharsets.UTF_8)));
                }
            } finally {
                process.destroyForcibly();
            }
            return new Exit(process.exitValue(), new ArrayList<>(Files.readAllLines(log, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts the service as {@link #runUntilExit(Path, Map)} does, waits until it says it has started (Micronaut's
     * "Startup completed" line), stops it with SIGTERM and returns what it wrote.
     */
    static Exit runUntilStarted(Path workDirectory, Map<String, String> environment) {
        Path log = workDirectory.resolve("service-" + System.nanoTime() + ".log");
        try {
            Process process = builder(workDirectory, environment, log, OPEN_JAVA_LANG).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(EXIT_TIMEOUT_SECONDS);
                while (Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                        .noneMatch(line -> line.contains("Startup completed"))) {
                    if (!process.isAlive() || System.nanoTime() > deadline) {
                        throw new AssertionError("the service did not start:\n"
                                + String.join("\n", Files.readAllLines(log, StandardCharsets.UTF_8)));
                    }
                    Thread.sleep(100);
                }
                process.destroy();
                if (!process.waitFor(EXIT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    throw new AssertionError("the service did not stop on SIGTERM");
                }
            } finally {
                process.destroyForcibly();
            }
            return new Exit(process.exitValue(), new ArrayList<>(Files.readAllLines(log, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts the service as {@link #runUntilExit(Path, Map)} does and waits until it says it has started (Micronaut's
     * "Startup completed" line); answers the running process, which the caller ends ({@code destroyForcibly()} is a
     * {@code kill -9}). Its output goes to {@code log}.
     */
    static Process start(Path workDirectory, Map<String, String> environment, Path log) {
        try {
            Process process = builder(workDirectory, environment, log, OPEN_JAVA_LANG).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(EXIT_TIMEOUT_SECONDS);
            while (Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .noneMatch(line -> line.contains("Startup completed"))) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    throw new AssertionError("the service did not start:\n"
                            + String.join("\n", Files.readAllLines(log, StandardCharsets.UTF_8)));
                }
                Thread.sleep(100);
            }
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static ProcessBuilder builder(Path workDirectory, Map<String, String> environment, Path log,
            String... jvmOptions) {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx128m", "-XX:TieredStopAtLevel=1",
                "--enable-native-access=ALL-UNNAMED", LOGGING_AS_SHIPPED));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Application.class.getName()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("PETSTORE_")
                || name.startsWith("DATASOURCES_") || name.startsWith("MICRONAUT_") || name.startsWith("FLYWAY_"));
        builder.environment().putAll(environment);
        return builder;
    }
}
