package org.petstore.inventory.adapter.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.CopyOutcome;
import org.petstore.inventory.domain.StoreSize;

/**
 * What {@code copy} tells its user when the target, read back before the commit, did not hold what was copied: an
 * outcome that no real database gives on demand (the end-to-end tests copy between real ones), so the command runs
 * here on a use case that answers it.
 */
class CopySubcommandTest {

    @Test
    void aCopyThatDidNotVerifyIsRefusedWithBothSidesCountsAndChecksumsAndExitCode1() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CopySubcommand copy = new CopySubcommand();
        copy.to = "jdbc:h2:file:/tmp/target/petstore";
        copy.console = new Console(out, new PrintStream(err, true, StandardCharsets.UTF_8), false,
                Map.<String, String>of()::get, Console.PLAIN_PROGRESS_INTERVAL, System::nanoTime);
        copy.copyStore = command -> new CopyOutcome.Mismatch(new StoreSize(12, 12, 5), 40, "a1b2",
                new StoreSize(12, 11, 5), 39, "c3d4");

        int exitCode = copy.call();

        assertAll(
                () -> assertEquals(ExitCode.REFUSED, exitCode),
                () -> assertEquals("copy: refused: read back, the target did not hold what was copied: source 12 pets "
                        + "(12 with stock), 5 orders and 40 stock ledger changes, SHA-256 a1b2; target 12 pets (11 "
                        + "with stock), 5 orders and 39 stock ledger changes, SHA-256 c3d4; the copy was rolled back, "
                        + "nothing was changed" + System.lineSeparator(), err.toString(StandardCharsets.UTF_8)),
                () -> assertEquals("", out.toString(StandardCharsets.UTF_8)));
    }
}
