package org.petstore.inventory.adapter.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the data commands talk to: standard output (the data of an export without {@code --output}, and the result
 * of an import or copy), standard error (progress, warnings and errors), the environment, and the clock of the
 * progress display.
 *
 * @param out              standard output, as bytes (an export writes UTF-8 to it)
 * @param err              standard error
 * @param errIsTerminal    whether standard error is a terminal: a progress bar redrawn in place; otherwise a plain
 *                         line now and then
 * @param environment      the environment variables (e.g. {@code PETSTORE_COPY_TO_PASSWORD}); null when unset
 * @param progressInterval how often plain progress lines are written ({@value #PROGRESS_INTERVAL_VARIABLE}); phase
 *                         lines appear once a command has run this long
 * @param nanoTime         the clock of the progress display
 */
public record Console(OutputStream out, PrintStream err, boolean errIsTerminal, UnaryOperator<String> environment,
                      Duration progressInterval, LongSupplier nanoTime) {

    /** Plain progress lines, when standard error is not a terminal: one every 5 seconds unless configured. */
    public static final Duration PLAIN_PROGRESS_INTERVAL = Duration.ofSeconds(5);

    /** The environment variable that sets the interval of plain progress lines, e.g. {@code 30s}, {@code 500ms}. */
    public static final String PROGRESS_INTERVAL_VARIABLE = "PETSTORE_PROGRESS_INTERVAL";

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)?");

    public Console {
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(progressInterval, "progressInterval");
        Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** The process's own standard streams and environment. */
    public static Console ofProcess() {
        OutputStream stdout = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        return new Console(stdout, System.err, standardErrorIsTerminal(), System::getenv,
                progressInterval(System.getenv(PROGRESS_INTERVAL_VARIABLE), System.err), System::nanoTime);
    }

    /** The interval a {@value #PROGRESS_INTERVAL_VARIABLE} value names; the default, with a warning, for another. */
    static Duration progressInterval(String configured, PrintStream warnings) {
        if (configured == null || configured.isBlank()) {
            return PLAIN_PROGRESS_INTERVAL;
        }
        Matcher duration = DURATION.matcher(configured.strip());
        if (!duration.matches()) {
            warnings.println("petstore-inventory: warning: " + PROGRESS_INTERVAL_VARIABLE + " is '" + configured
                    + "', not a duration such as 5s, 500ms or 1m; using " + PLAIN_PROGRESS_INTERVAL.toSeconds() + "s");
            return PLAIN_PROGRESS_INTERVAL;
        }
        long amount = Long.parseLong(duration.group(1));
        return switch (duration.group(2) == null ? "s" : duration.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofSeconds(amount);
        };
    }

    /** Writes what is buffered for standard output. */
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            err.println("petstore-inventory: standard output could not be written: " + e.getMessage());
        }
        err.flush();
    }

    /**
     * Whether file descriptor 2 is a terminal, asked of Linux's {@code /proc} (Java can only ask about standard
     * input and output together); false wherever that cannot be told, and for {@code TERM=dumb}.
     */
    private static boolean standardErrorIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
