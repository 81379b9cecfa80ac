package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The start's line about the inventory database says where the embedded database keeps its files by an absolute
 * path, also when the configuration names them relative to the directory the service was started in.
 */
class DatabaseStartLineTest {

    @TempDir
    Path dataDir;

    @Test
    void theEmbeddedDatabaseIsNamedByTheAbsolutePathOfItsFiles() {
        Path relative = Path.of("").toAbsolutePath().relativize(dataDir.toAbsolutePath());
        assertTrue(!relative.isAbsolute() && relative.toString().startsWith(".."), relative.toString());
        Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
        Level level = root.getLevel();
        ListAppender<ILoggingEvent> capture = new ListAppender<>();
        capture.start();
        root.addAppender(capture);
        root.setLevel(Level.INFO);
        try (RunningService service = RunningService.start(Backend.h2(dataDir),
                Map.of("petstore.data-dir", relative.toString()))) {
            assertEquals(200, service.get("/v1/inventory").statusCode());
        } finally {
            root.setLevel(level);
            root.detachAppender(capture);
        }

        List<String> lines = capture.list.stream().map(ILoggingEvent::getFormattedMessage)
                .filter(line -> line.startsWith("Inventory database: ")).toList();
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.getFirst().startsWith("Inventory database: H2 (embedded) - H2 "), lines.getFirst());
        assertTrue(lines.getFirst().contains(" at jdbc:h2:file:" + relative + "/petstore;"), lines.getFirst());
        assertTrue(lines.getFirst().endsWith(" (files in " + dataDir.toAbsolutePath().normalize() + ")"),
                lines.getFirst());
    }
}
