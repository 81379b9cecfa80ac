package org.petstore.inventory.adapter.cli;

import java.io.PrintStream;
import java.util.Locale;
import org.petstore.inventory.application.port.inbound.ProgressListener;

/**
 * Shows how far a data command is, on standard error: on a terminal, one line redrawn in place with a bar, the rows
 * done, the rate and the time left; otherwise a plain line every {@link Console#progressInterval()}. Phases without
 * rows (checking, applying, verifying) get a line of their own. The work is measured in rows, or in bytes of the
 * input file for an import (the rows of a file are not known before it is read).
 */
final class Progress implements ProgressListener {

    private static final long REDRAW_NANOS = 100_000_000L;
    private static final int BAR = 20;
    private static final long PHASE_AFTER_NANOS = 1_000_000_000L;

    private final Console console;
    private final String command;
    private final String unit;
    private final PrintStream err;
    private final long startNanos;
    private long total = -1;
    private boolean inBytes;
    private long rows;
    private long done;
    private long lastShownNanos;
    private int drawnWidth;

    /**
     * @param command the command's name, e.g. "export"
     * @param unit    what its rows are, plural, e.g. "rows" or "lines"
     */
    Progress(Console console, String command, String unit) {
        this.console = console;
        this.command = command;
        this.unit = unit;
        this.err = console.err();
        this.startNanos = console.nanoTime().getAsLong();
        this.lastShownNanos = startNanos;
    }

    /** Measures in rows: {@code expectedRows} of them. */
    @Override
    public void started(long expectedRows) {
        total = expectedRows;
        inBytes = false;
        rows = 0;
        done = 0;
    }

    @Override
    public void advanced(long rowsDone) {
        rows = rowsDone;
        done = rowsDone;
        maybeShow();
    }

    /** Measures in bytes of input: {@code totalBytes} of them, the rows counted alongside. */
    void startedBytes(long totalBytes) {
        total = totalBytes;
        inBytes = true;
    }

    /** {@code rowsRead} rows read so far, ending at byte {@code bytesRead} of the input. */
    void read(long rowsRead, long bytesRead) {
        rows = rowsRead;
        done = bytesRead;
        maybeShow();
    }

    /**
     * A line for the phase, once the command has run long enough for a person to wonder what it is doing: a second
     * on a terminal, one progress interval otherwise. A quick command stays quiet.
     */
    @Override
    public void phase(String description) {
        long running = console.nanoTime().getAsLong() - startNanos;
        if (running < (console.errIsTerminal() ? PHASE_AFTER_NANOS : console.progressInterval().toNanos())) {
            return;
        }
        endBar();
        err.println(command + ": " + description);
        err.flush();
    }

    /** Ends the display (the bar's line) before the command's last words. */
    void finish() {
        endBar();
    }

    /** Seconds since the command began. */
    double elapsedSeconds() {
        return (console.nanoTime().getAsLong() - startNanos) / 1e9;
    }

    private void maybeShow() {
        if ((rows & 255) != 0 && done != total) {
            return;
        }
        long now = console.nanoTime().getAsLong();
        long interval = console.errIsTerminal() ? REDRAW_NANOS : console.progressInterval().toNanos();
        if (now - lastShownNanos < interval) {
            return;
        }
        lastShownNanos = now;
        if (console.errIsTerminal()) {
            drawBar(now);
        } else {
            err.println(command + ": " + status(now));
            err.flush();
        }
    }

    private void drawBar(long now) {
        StringBuilder line = new StringBuilder("\r").append(command).append(' ');
        if (total > 0) {
            int filled = (int) Math.min(BAR, BAR * done / total);
            line.append('[').append("=".repeat(filled)).append(filled < BAR ? ">" : "")
                    .append(" ".repeat(Math.max(0, BAR - filled - 1))).append("] ");
        }
        line.append(status(now));
        int width = line.length();
        if (width < drawnWidth) {
            line.append(" ".repeat(drawnWidth - width));
        }
        drawnWidth = width;
        err.print(line);
        err.flush();
    }

    private void endBar() {
        if (drawnWidth > 0) {
            err.println();
            err.flush();
            drawnWidth = 0;
        }
    }

    /** e.g. "450,000 of 1,000,000 rows (45%), 121,000 rows/s, 4 s left". */
    private String status(long now) {
        double seconds = Math.max((now - startNanos) / 1e9, 1e-3);
        long rate = Math.round(rows / seconds);
        StringBuilder status = new StringBuilder(Numbers.grouped(rows));
        if (!inBytes && total >= 0) {
            status.append(" of ").append(Numbers.grouped(total));
        }
        status.append(' ').append(unit);
        double fraction = total > 0 ? Math.min(1.0, (double) done / total) : 0;
        if (total > 0) {
            status.append(String.format(Locale.ROOT, " (%d%%)", (int) Math.floor(fraction * 100)));
        }
        status.append(", ").append(Numbers.grouped(rate)).append(' ').append(unit).append("/s");
        if (fraction > 0) {
            long left = Math.round(seconds * (1 - fraction) / fraction);
            status.append(", ").append(Numbers.duration(left)).append(" left");
        }
        return status.toString();
    }
}
