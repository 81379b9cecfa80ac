package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * A first start, as a new user or operator makes it (a process of its own, the shipped logging): nothing in its log
 * looks like an error (no warning, no error, no table of query results from a migration), nothing but the database
 * is left in the data directory, and a store that starts empty says so once, with what to do.
 */
class FirstStartEndToEndTest {

    private static final String EMPTY_STORE = "The store is empty (demo data is off): the inventory lists [] and "
            + "every PATCH answers 404 until it holds pets; fill it with PETSTORE_DEMO_DATA=true at one start, or with "
            + "the data commands: petstore-inventory import FILE, or petstore-inventory copy from another store";

    @TempDir
    Path work;

    @Test
    void onTheEmbeddedDatabaseWithTheDemoData() throws IOException {
        Path dataDir = work.resolve("data");

        List<String> log = firstStart(Map.of("PETSTORE_DATA_DIR", dataDir.toString()));

        assertEquals(List.of(), noise(log), String.join("\n", log));
        assertEquals(List.of(), lines(log, "The store is empty"), String.join("\n", log));
        try (Stream<Path> files = Files.list(dataDir)) {
            assertEquals(List.of("petstore.mv.db"), files.map(file -> file.getFileName().toString()).sorted().toList(),
                    "what the first start leaves in the data directory");
        }
    }

    @Test
    void onTheEmbeddedDatabaseWithoutTheDemoData() {
        List<String> log = firstStart(Map.of("PETSTORE_DATA_DIR", work.resolve("data").toString(),
                "PETSTORE_DEMO_DATA", "false"));

        assertEquals(List.of(), noise(log), String.join("\n", log));
        assertEquals(List.of(EMPTY_STORE), lines(log, "The store is empty"), String.join("\n", log));
    }

    /** A new PostgreSQL store (demo data off there), including migration 5, which is a query on PostgreSQL. */
    @Test
    void onANewPostgresqlDatabase() {
        Map<String, String> database = TestPostgres.newDatabase();

        List<String> log = firstStart(Map.of(
                "DATASOURCES_DEFAULT_URL", database.get("datasources.default.url"),
                "DATASOURCES_DEFAULT_USERNAME", database.get("datasources.default.username"),
                "DATASOURCES_DEFAULT_PASSWORD", database.get("datasources.default.password")));

        assertEquals(List.of(), noise(log), String.join("\n", log));
        assertEquals(List.of(EMPTY_STORE), lines(log, "The store is empty"), String.join("\n", log));
    }

    private List<String> firstStart(Map<String, String> variables) {
        Map<String, String> environment = new HashMap<>(variables);
        environment.put("PETSTORE_PORT", "" + FreePort.next());
        environment.put("PETSTORE_API_KEYS", "first-start-key");
        environment.putIfAbsent("PETSTORE_DATA_DIR", work.resolve("unused-data").toString());
        // the SIGTERM that ends the start logs the drain's lines as ever, without its 5 s of waiting
        environment.put("PETSTORE_SHUTDOWN_DRAIN", "0s");
        return ServiceProcess.runUntilStarted(work, environment).output();
    }

    /** Lines that look like trouble: warnings, errors, stack traces, tables of query results. */
    private static List<String> noise(List<String> log) {
        return log.stream()
                .filter(line -> line.contains(" WARN ") || line.contains(" ERROR ") || line.startsWith("\tat ")
                        || line.contains("Exception") || line.contains("?column?") || line.startsWith("|")
                        || line.startsWith("+-"))
                .toList();
    }

    /** The messages of the log lines that contain the text, without time, level and logger. */
    private static List<String> lines(List<String> log, String text) {
        return log.stream()
                .filter(line -> line.contains(text))
                .map(line -> line.substring(line.indexOf(" - ") + 3))
                .toList();
    }
}
