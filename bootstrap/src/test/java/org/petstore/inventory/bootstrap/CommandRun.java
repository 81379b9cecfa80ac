package org.petstore.inventory.bootstrap;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.petstore.inventory.adapter.cli.Console;

/**
 * A data command run in this JVM as the launcher runs it ({@link DataCommandLine}), with the configuration an
 * operator would set, and what it left on standard output and standard error, and its exit code.
 */
record CommandRun(int exitCode, String out, String err) {

    /** Long enough that no periodic progress line, and no phase line, appears in a test's output. */
    static final Duration QUIET = Duration.ofHours(1);

    /** Runs the command on the backend's database, with these environment variables. */
    static CommandRun on(Map<String, Object> backend, Map<String, String> environment, String... args) {
        return on(backend, environment, QUIET, args);
    }

    static CommandRun on(Map<String, Object> backend, String... args) {
        return on(backend, Map.of(), args);
    }

    static CommandRun on(Map<String, Object> backend, Map<String, String> environment, Duration progressInterval,
            String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Console console = new Console(out, new PrintStream(err, true, StandardCharsets.UTF_8), false,
                environment::get, progressInterval, System::nanoTime);
        Map<String, Object> properties = new HashMap<>(backend);
        int exitCode = DataCommandLine.run(args, properties, console);
        return new CommandRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    List<String> errLines() {
        return err.lines().toList();
    }

    List<String> outLines() {
        return out.lines().toList();
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout:\n" + out + "--- stderr:\n" + err;
    }
}
