package org.petstore.inventory.application.service;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * What one class logs through {@code java.util.logging}, as {@code "LEVEL message"} lines, from {@link #of} until
 * {@link #close}; meanwhile the logger's parent handlers are off, so the test's output stays quiet. Lines may be
 * logged from any thread.
 */
final class CapturedLog implements AutoCloseable {

    private final Logger logger;
    private final boolean parentHandlers;
    private final List<String> lines = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String line = record.getLevel() + " " + new SimpleFormatter().formatMessage(record);
            synchronized (lines) {
                lines.add(line);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CapturedLog(Logger logger) {
        this.logger = logger;
        this.parentHandlers = logger.getUseParentHandlers();
        logger.setUseParentHandlers(false);
        logger.addHandler(handler);
    }

    /** Starts capturing what the logger named after {@code logged} logs. */
    static CapturedLog of(Class<?> logged) {
        return new CapturedLog(Logger.getLogger(logged.getName()));
    }

    /** The lines logged so far (since the last {@link #clear}), in order; a copy. */
    List<String> lines() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Forgets the lines logged so far. */
    void clear() {
        synchronized (lines) {
            lines.clear();
        }
    }

    /** Stops capturing and gives the logger its parent handlers back. */
    @Override
    public void close() {
        logger.removeHandler(handler);
        logger.setUseParentHandlers(parentHandlers);
    }
}
