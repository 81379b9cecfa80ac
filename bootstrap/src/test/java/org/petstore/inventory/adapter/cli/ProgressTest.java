package org.petstore.inventory.adapter.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress display, on a clock the test moves: a bar redrawn in place on a terminal, plain lines otherwise. */
class ProgressTest {

    private final AtomicLong now = new AtomicLong();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Progress progress(boolean terminal, Duration interval) {
        Console console = new Console(new ByteArrayOutputStream(), new PrintStream(err, true, StandardCharsets.UTF_8),
                terminal, Map.<String, String>of()::get, interval, now::get);
        return new Progress(console, "export", "rows");
    }

    private String shown() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onATerminalOneLineIsRedrawnWithABarTheRateAndTheTimeLeft() {
        Progress progress = progress(true, Console.PLAIN_PROGRESS_INTERVAL);
        progress.started(1000);
        now.set(2_000_000_000L);
        progress.advanced(256);
        now.set(4_000_000_000L);
        progress.advanced(512);
        progress.finish();

        assertEquals("\rexport [=====>              ] 256 of 1,000 rows (25%), 128 rows/s, 6 s left"
                + "\rexport [==========>         ] 512 of 1,000 rows (51%), 128 rows/s, 4 s left\n", shown());
    }

    @Test
    void elsewhereAPlainLineComesOncePerIntervalAndPhasesOnlyAfterTheFirstInterval() {
        Progress progress = progress(false, Duration.ofSeconds(5));
        progress.started(2048);
        progress.phase("too early to be worth a line");
        now.set(1_000_000_000L);
        progress.advanced(256);
        now.set(6_000_000_000L);
        progress.advanced(512);
        now.set(7_000_000_000L);
        progress.advanced(768);
        progress.phase("verifying the copy: reading it back");

        assertEquals("export: 512 of 2,048 rows (25%), 85 rows/s, 18 s left\n"
                + "export: verifying the copy: reading it back\n", shown());
    }

    @Test
    void theIntervalCanBeConfiguredAndAWrongValueFallsBackWithAWarning() {
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        PrintStream warn = new PrintStream(warnings, true, StandardCharsets.UTF_8);

        assertAll(
                () -> assertEquals(Duration.ofSeconds(30), Console.progressInterval("30s", warn)),
                () -> assertEquals(Duration.ofMillis(500), Console.progressInterval("500ms", warn)),
                () -> assertEquals(Duration.ofMinutes(2), Console.progressInterval("2m", warn)),
                () -> assertEquals(Duration.ZERO, Console.progressInterval("0", warn)),
                () -> assertEquals(Console.PLAIN_PROGRESS_INTERVAL, Console.progressInterval(null, warn)),
                () -> assertEquals("", warnings.toString(StandardCharsets.UTF_8)),
                () -> assertEquals(Console.PLAIN_PROGRESS_INTERVAL, Console.progressInterval("often", warn)),
                () -> assertTrue(warnings.toString(StandardCharsets.UTF_8).startsWith("petstore-inventory: warning: "
                        + "PETSTORE_PROGRESS_INTERVAL is 'often', not a duration")));
    }
}
