package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data commands end to end, as an operator runs them, on each backend: what they print, their exit codes, the
 * files they write and what the store holds afterwards (read back with {@code export}). Each test works on stores of
 * its own.
 */
abstract class DataCommandsEndToEndTest {

    /** Pets that exercise every field: quotes, commas, blanks at the ends, line breaks, tabs, non-ASCII, no stock. */
    static final String PETS = """
            {"petId":1,"name":"Rex","status":"available","quantity":12,"version":3}
            {"petId":2,"name":"Tom, the \\"cat\\"","status":"sold","quantity":0,"version":1}
            {"petId":3,"name":" Spaced ","status":"pending","quantity":2147483647,"version":9}
            {"petId":4,"name":"Line\\nbreak\\tand tab","status":"available","quantity":5,"version":2}
            {"petId":5,"name":"Ærøskøbing 🐈","status":"pending","quantity":null,"version":null}
            {"petId":9223372036854775807,"name":"Max","status":"sold","quantity":1,"version":1000000}
            """;

    static final String ORDERS = """
            {"id":1,"petId":1,"quantity":2,"shipDate":"2026-10-02T09:00:00Z","status":"delivered","complete":true}
            {"id":2,"petId":5,"quantity":1,"shipDate":"2026-11-20T10:00:00.123456Z","status":"placed","complete":false}
            """;

    @TempDir
    Path files;

    /** A new empty store of this backend, configured as an operator would (no demo data). */
    abstract Map<String, Object> newStore();

    /** A new store of this backend with the demo data. */
    abstract Map<String, Object> newDemoStore();

    /** Runs {@code copy --replace --yes} from the source store into the target store of this backend. */
    abstract CommandRun copyReplacing(Map<String, Object> source, Map<String, Object> target);

    Path file(String name, String content) throws IOException {
        return Files.writeString(files.resolve(name), content, StandardCharsets.UTF_8);
    }

    Path file(String name, byte[] content) throws IOException {
        return Files.write(files.resolve(name), content);
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** What the store holds: its pets as exported to standard output. */
    static String exported(Map<String, Object> store) {
        CommandRun export = CommandRun.on(store, "export");
        assertEquals(0, export.exitCode(), export::toString);
        return export.out();
    }

    /** A store holding {@link #PETS} and {@link #ORDERS}, loaded with the import command. */
    Map<String, Object> seeded() throws IOException {
        Map<String, Object> store = newStore();
        CommandRun seed = CommandRun.on(store, "import", file("seed-pets.jsonl", PETS).toString(), "--orders",
                file("seed-orders.jsonl", ORDERS).toString());
        assertEquals(0, seed.exitCode(), seed::toString);
        return store;
    }

    @Test
    void exportWritesEveryPetAsJsonLinesToStandardOutputAndASummaryToStandardError() {
        CommandRun export = CommandRun.on(newDemoStore(), "export");

        assertAll(
                () -> assertEquals(0, export.exitCode(), export::toString),
                () -> assertEquals(12, export.outLines().size(), export::toString),
                () -> assertEquals("{\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":12,"
                        + "\"version\":1}", export.outLines().getFirst()),
                () -> assertEquals("{\"petId\":12,\"name\":\"Luna\",\"status\":\"available\",\"quantity\":9,"
                        + "\"version\":1}", export.outLines().getLast()),
                () -> assertEquals(1, export.errLines().size(), export::toString),
                () -> assertTrue(export.errLines().getFirst().matches("export: wrote 12 pets \\(12 with stock\\) to "
                        + "standard output in \\d+\\.\\d s \\([0-9,]+ rows/s\\)"), export::toString));
    }

    @Test
    void exportWritesCsvWithAHeaderAndTheOrdersToAFileOfTheirOwn() throws IOException {
        Path pets = files.resolve("pets.csv");
        Path orders = files.resolve("orders.csv");

        CommandRun export = CommandRun.on(seeded(), "export", "--output", pets.toString(), "--orders",
                orders.toString());

        assertAll(
                () -> assertEquals(0, export.exitCode(), export::toString),
                () -> assertEquals("", export.out()),
                () -> assertTrue(export.err().startsWith("export: wrote 6 pets (5 with stock) to " + pets
                        + " and 2 orders to " + orders + " in "), export::toString),
                () -> assertEquals("""
                        petId,name,status,quantity,version
                        1,Rex,available,12,3
                        2,"Tom, the ""cat""\",sold,0,1
                        3," Spaced ",pending,2147483647,9
                        4,"Line
                        break\tand tab",available,5,2
                        5,Ærøskøbing 🐈,pending,,
                        9223372036854775807,Max,sold,1,1000000
                        """, read(pets)),
                () -> assertEquals("""
                        id,petId,quantity,shipDate,status,complete
                        1,1,2,2026-10-02T09:00:00Z,delivered,true
                        2,5,1,2026-11-20T10:00:00.123456Z,placed,false
                        """, read(orders)),
                () -> assertEquals(List.of("orders.csv", "pets.csv", "seed-orders.jsonl", "seed-pets.jsonl"),
                        listFiles(), "no partial file is left"));
    }

    private List<String> listFiles() throws IOException {
        try (var listed = Files.list(files)) {
            return listed.filter(Files::isRegularFile).map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void exportThenImportIsLosslessInJsonLines() throws IOException {
        Map<String, Object> source = seeded();
        Path pets = files.resolve("pets.jsonl");
        Path orders = files.resolve("orders.jsonl");
        CommandRun export = CommandRun.on(source, "export", "-o", pets.toString(), "--orders", orders.toString());
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals(PETS, read(pets));
        assertEquals(ORDERS, read(orders));

        Map<String, Object> copy = newStore();
        CommandRun load = CommandRun.on(copy, "import", pets.toString(), "--orders", orders.toString());

        assertAll(
                () -> assertEquals(0, load.exitCode(), load::toString),
                () -> assertTrue(load.out().matches("imported " + pets + " and " + orders + " in \\d+\\.\\d s: pets: "
                        + "6 created, 0 updated, 0 unchanged, 0 deleted; orders: 2 created, 0 updated, 0 unchanged, "
                        + "0 deleted\n"), load::toString),
                () -> assertEquals("", load.err()),
                () -> assertEquals(PETS, exported(copy)),
                () -> assertEquals(ORDERS, exportedOrders(copy)));
    }

    @Test
    void exportThenImportIsLosslessInCsv() throws IOException {
        Map<String, Object> source = seeded();
        Path pets = files.resolve("pets.csv");
        Path orders = files.resolve("orders.csv");
        assertEquals(0, CommandRun.on(source, "export", "-o", pets.toString(), "--orders", orders.toString())
                .exitCode());

        Map<String, Object> copy = newStore();
        CommandRun load = CommandRun.on(copy, "import", pets.toString(), "--orders", orders.toString());

        assertAll(
                () -> assertEquals(0, load.exitCode(), load::toString),
                () -> assertEquals(PETS, exported(copy)),
                () -> assertEquals(ORDERS, exportedOrders(copy)));
    }

    String exportedOrders(Map<String, Object> store) throws IOException {
        Path orders = files.resolve("read-orders-" + System.nanoTime() + ".jsonl");
        CommandRun export = CommandRun.on(store, "export", "-o", files.resolve("ignored.jsonl").toString(),
                "--orders", orders.toString());
        assertEquals(0, export.exitCode(), export::toString);
        return read(orders);
    }

    @Test
    void everyBadLineOfACsvFileIsReportedWithItsNumberAndWhatToFixAndNothingChanges() throws IOException {
        Map<String, Object> store = seeded();
        String before = exported(store);
        byte[] invalidUtf8 = "7,Ni\u00ff,sold,1,1\n".getBytes(StandardCharsets.ISO_8859_1);
        Path bad = file("bad.csv", concat("""
                petId,name,status,quantity,version
                1,Rex,available,12,1
                0,Zero,available,1,1
                2,Tom,sold,-1,1
                3,Goldie,lost,1,1
                1,Rex again,sold,2,1
                """, invalidUtf8, """
                8,Polly,available,1
                9,"Thu"mper,pending,1,1
                10,Bubbles,available,40,1
                """));

        CommandRun load = CommandRun.on(store, "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals("", load.out()),
                () -> assertEquals(List.of(
                        bad + ":3: petId must be a whole number from 1 to 9223372036854775807, got \"0\"",
                        bad + ":4: quantity must be a whole number from 0 to 2147483647 (or empty), got \"-1\"",
                        bad + ":5: status must be one of available, pending, sold, got \"lost\"",
                        bad + ":6: petId 1 appears again (first on line 2): each pet may appear only once",
                        bad + ":7: name is not valid UTF-8: byte 0xFF at byte 3; save the file as UTF-8",
                        bad + ":8: 4 fields, but the header names 5 columns",
                        bad + ":9: field 2 has characters after its closing quote: a quoted field ends at its closing "
                                + "\" (a \" inside it is doubled: \"\")",
                        "import: refused: 7 problems in " + bad + "; nothing was changed"), load.errLines()),
                () -> assertEquals(before, exported(store)));
    }

    @Test
    void everyBadLineOfAJsonLinesFileIsReportedWithItsNumberAndWhatToFixAndNothingChanges() throws IOException {
        Map<String, Object> store = seeded();
        String before = exported(store);
        Path bad = file("bad.jsonl", concat("""
                {"petId":1,"name":"Rex","status":"available","quantity":12}
                {"petId":"2","name":"Tom","status":"sold","quantity":1}
                {"petId":3,"name":"Goldie","status":"sold","quantity":1.5}
                {"petId":4,"name":"Polly","status":"available"}
                {"petId":5,"name":"Nemo","status":"available","quantity":1,"colour":"red"}
                {"petId":6,"name":"Spike","status":"sold","quantity":1
                not json at all
                {"petId":1,"name":"Rex","status":"available","quantity":3}
                """, "{\"petId\":7,\"name\":\"Ni\u00ff\",\"status\":\"sold\",\"quantity\":1}\n"
                .getBytes(StandardCharsets.ISO_8859_1), """

                {"petId":8,"name":"","status":"sold","quantity":1,"version":2}
                {"petId":9,"name":"Kiwi","status":"sold","quantity":null,"version":2}
                """));

        CommandRun load = CommandRun.on(store, "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(List.of(
                        bad + ":2: petId must be a whole number from 1 to 9223372036854775807, got \"2\"",
                        bad + ":3: quantity must be a whole number from 0 to 2147483647 (or null), got 1.5",
                        bad + ":4: missing field \"quantity\" (null for a pet without stock)",
                        bad + ":5: unknown field \"colour\" (the fields are petId, name, status, quantity, version "
                                + "(optional))",
                        bad + ":6: not valid JSON from character 55 on (the line ends too early); each line holds "
                                + "one object such as {\"petId\":1,\"name\":\"Rex\",\"status\":\"available\","
                                + "\"quantity\":12,\"version\":1}",
                        bad + ":7: not a JSON object; each line holds one object such as {\"petId\":1,\"name\":"
                                + "\"Rex\",\"status\":\"available\",\"quantity\":12,\"version\":1}",
                        bad + ":8: petId 1 appears again (first on line 1): each pet may appear only once",
                        bad + ":9: not valid UTF-8: byte 0xFF at byte 22; save the file as UTF-8",
                        bad + ":11: name must not be blank",
                        bad + ":12: version 2 is given without a quantity: a pet without stock has no entry and so no "
                                + "version (give the quantity, or leave the version empty)",
                        "import: refused: 10 problems in " + bad + "; nothing was changed"), load.errLines()),
                () -> assertEquals(before, exported(store)));
    }

    @Test
    void aCsvHeaderWithoutARequiredColumnIsRefusedBeforeAnyRowIsRead() throws IOException {
        Path bad = file("missing.csv", "petId,name,status,colour\n1,Rex,available,red\n");

        CommandRun load = CommandRun.on(newStore(), "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(List.of(
                        bad + ":1: unknown column \"colour\"; missing column \"quantity\" in the header: the header "
                                + "must name the columns petId, name, status, quantity, version (optional), separated "
                                + "by commas; the rows were not read",
                        "import: refused: 1 problem in " + bad + "; nothing was changed"), load.errLines()));
    }

    /** A spreadsheet's "CSV" separated by semicolons: said once, with the columns listed once. */
    @Test
    void aCsvFileSeparatedBySemicolonsIsSaidToBeSo() throws IOException {
        Path bad = file("semicolons.csv", "petId;name;status;quantity;version\n1;Rex;available;12;1\n");

        CommandRun load = CommandRun.on(newStore(), "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(List.of(
                        bad + ":1: the header is not separated by commas (it uses ';'); the header must name the "
                                + "columns petId, name, status, quantity, version (optional), separated by commas; "
                                + "the rows were not read",
                        "import: refused: 1 problem in " + bad + "; nothing was changed"), load.errLines()));
    }

    /** JSON Lines speaks of JSON: a quantity that is a string may be null, not "empty". */
    @Test
    void aJsonLinesQuantityThatIsATextIsToldItMayBeNull() throws IOException {
        Path bad = file("text-quantity.jsonl", "{\"petId\":1,\"name\":\"Rex\",\"status\":\"available\","
                + "\"quantity\":\"12\"}\n");

        CommandRun load = CommandRun.on(newStore(), "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(List.of(
                        bad + ":1: quantity must be a whole number from 0 to 2147483647 (or null), got \"12\"",
                        "import: refused: 1 problem in " + bad + "; nothing was changed"), load.errLines()));
    }

    @Test
    void aQuoteThatIsNeverClosedIsReportedAtTheLineWhereItOpens() throws IOException {
        Path bad = file("unclosed.csv", "petId,name,status,quantity\n1,Rex,available,1\n2,\"Tom,sold,1\n3,X,sold,1\n");

        CommandRun load = CommandRun.on(newStore(), "import", bad.toString());

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(List.of(
                        bad + ":3: the quoted field 2 that begins on this line is never closed: a quoted field ends "
                                + "with a \" (a \" inside it is doubled: \"\")",
                        "import: refused: 1 problem in " + bad + "; nothing was changed"), load.errLines()));
    }

    @Test
    void theReportStopsAtTheLimitButEveryProblemIsCounted() throws IOException {
        StringBuilder lines = new StringBuilder("petId,name,status,quantity\n");
        for (int i = 1; i <= 10; i++) {
            lines.append(i).append(",Pet,available,-").append(i).append('\n');
        }
        Path bad = file("many.csv", lines.toString());

        CommandRun load = CommandRun.on(newStore(), "import", bad.toString(), "--max-errors", "3");

        assertAll(
                () -> assertEquals(1, load.exitCode(), load::toString),
                () -> assertEquals(4, load.errLines().size(), load::toString),
                () -> assertTrue(load.errLines().get(2).startsWith(bad + ":4: quantity must be"), load::toString),
                () -> assertEquals("import: refused: 10 problems in " + bad + " (7 more not shown; --max-errors shows "
                        + "more); nothing was changed", load.errLines().get(3)));
    }

    @Test
    void aDryRunSaysWhatWouldChangeAndChangesNothing() throws IOException {
        Map<String, Object> store = seeded();
        String before = exported(store);
        Path file = file("change.jsonl", """
                {"petId":1,"name":"Rex","status":"available","quantity":13,"version":3}
                {"petId":2,"name":"Tom, the \\"cat\\"","status":"sold","quantity":0,"version":1}
                {"petId":5,"name":"Ærøskøbing 🐈","status":"pending","quantity":null}
                {"petId":20,"name":"New","status":"sold","quantity":4}
                """);
        Path noOrders = file("no-orders.jsonl", "");

        CommandRun dryRun = CommandRun.on(store, "import", file.toString(), "--orders", noOrders.toString(), "--mode",
                "replace", "--dry-run");

        assertAll(
                () -> assertEquals(0, dryRun.exitCode(), dryRun::toString),
                () -> assertEquals("dry run of " + file + " and " + noOrders + ": the files are valid; the import "
                        + "would change pets: 1 created, 1 updated, 2 unchanged, 3 deleted; orders: 0 created, 0 "
                        + "updated, 0 unchanged, 2 deleted; nothing was changed (deleting needs --yes)\n",
                        dryRun.out()),
                () -> assertEquals("", dryRun.err()),
                () -> assertEquals(before, exported(store)));
    }

    @Test
    void anImportThatWouldDeleteAsksForYesAndThenTheStoreEqualsTheFile() throws IOException {
        Map<String, Object> store = seeded();
        String before = exported(store);
        String wanted = """
                {"petId":1,"name":"Rex","status":"available","quantity":12,"version":3}
                {"petId":5,"name":"Ærøskøbing 🐈","status":"pending","quantity":null,"version":null}
                """;
        Path pets = file("replace.jsonl", wanted);
        Path orders = file("replace-orders.jsonl", ORDERS);

        CommandRun refused = CommandRun.on(store, "import", pets.toString(), "--orders", orders.toString(), "--mode",
                "replace");

        assertAll(
                () -> assertEquals(1, refused.exitCode(), refused::toString),
                () -> assertEquals(List.of("import: refused: this import would delete 4 pets (with their stock); "
                        + "nothing was changed. Run it again with --yes to delete (--dry-run shows every count)"),
                        refused.errLines()),
                () -> assertEquals(before, exported(store)));

        CommandRun confirmed = CommandRun.on(store, "import", pets.toString(), "--orders", orders.toString(),
                "--mode", "replace", "--yes");

        assertAll(
                () -> assertEquals(0, confirmed.exitCode(), confirmed::toString),
                () -> assertTrue(confirmed.out().endsWith(": pets: 0 created, 0 updated, 2 unchanged, 4 deleted; "
                        + "orders: 0 created, 0 updated, 2 unchanged, 0 deleted\n"), confirmed::toString),
                () -> assertEquals(wanted, exported(store)));
    }

    @Test
    void anEntryChangedByAnImportMovesToItsNextVersionAndAnUnchangedOneKeepsItsVersion() throws IOException {
        Map<String, Object> store = seeded();
        Path file = file("update.csv", """
                petId,name,status,quantity
                1,Rex,available,20
                2,"Tom, the ""cat""\",pending,0
                3," Spaced ",pending,2147483647
                4,Renamed,available,5
                """);

        CommandRun load = CommandRun.on(store, "import", file.toString());

        assertAll(
                () -> assertEquals(0, load.exitCode(), load::toString),
                () -> assertTrue(load.out().endsWith(": pets: 0 created, 3 updated, 1 unchanged, 0 deleted (orders not "
                        + "imported)\n"), load::toString),
                () -> assertEquals(List.of(
                        "{\"petId\":1,\"name\":\"Rex\",\"status\":\"available\",\"quantity\":20,\"version\":4}",
                        "{\"petId\":2,\"name\":\"Tom, the \\\"cat\\\"\",\"status\":\"pending\",\"quantity\":0,"
                                + "\"version\":2}",
                        "{\"petId\":3,\"name\":\" Spaced \",\"status\":\"pending\",\"quantity\":2147483647,"
                                + "\"version\":9}",
                        "{\"petId\":4,\"name\":\"Renamed\",\"status\":\"available\",\"quantity\":5,\"version\":2}"),
                        exported(store).lines().limit(4).toList()));
    }

    @Test
    void wrongUsageIsExitCode2WithWhatIsWrongAndTheStoreIsNotTouched() throws IOException {
        Path unknownFormat = file("pets.txt", "");
        Map<String, Object> store = newStore();

        CommandRun unknownOption = CommandRun.on(store, "export", "--colour");
        CommandRun noSuchFile = CommandRun.on(store, "import", files.resolve("nowhere.csv").toString());
        CommandRun format = CommandRun.on(store, "import", unknownFormat.toString());
        CommandRun badMode = CommandRun.on(store, "import", unknownFormat.toString(), "--mode", "merge");
        CommandRun unknownCommand = CommandRun.on(store, "exprt");

        assertAll(
                () -> assertEquals(2, unknownOption.exitCode(), unknownOption::toString),
                () -> assertEquals(List.of("petstore-inventory export: Unknown option: '--colour'",
                        "Try 'petstore-inventory export --help' for more information."), unknownOption.errLines()),
                () -> assertEquals(2, noSuchFile.exitCode(), noSuchFile::toString),
                () -> assertEquals(List.of("import: no such file: " + files.resolve("nowhere.csv")),
                        noSuchFile.errLines()),
                () -> assertEquals(2, format.exitCode(), format::toString),
                () -> assertEquals(List.of("import: cannot tell the format of " + unknownFormat + " from its name: name "
                        + "it .jsonl or .csv, or give --format jsonl or --format csv"), format.errLines()),
                () -> assertEquals(2, badMode.exitCode(), badMode::toString),
                () -> assertTrue(badMode.err().startsWith("petstore-inventory import: Invalid value for option "
                        + "'--mode': 'merge' is not a mode: use upsert or replace"), badMode::toString),
                () -> assertEquals(2, unknownCommand.exitCode(), unknownCommand::toString),
                () -> assertTrue(unknownCommand.err().contains("Unmatched argument at index 0: 'exprt'"),
                        unknownCommand::toString),
                () -> assertTrue(unknownCommand.err().contains("export"), "suggests export: " + unknownCommand));
    }

    @Test
    void helpAndVersionAnswerWithoutADatabase() {
        Map<String, Object> unreachable = Map.of("datasources.default.url", "jdbc:postgresql://127.0.0.1:1/none");

        CommandRun version = CommandRun.on(unreachable, "--version");
        CommandRun help = CommandRun.on(unreachable, "--help");
        CommandRun importHelp = CommandRun.on(unreachable, "import", "--help");

        assertAll(
                () -> assertEquals(0, version.exitCode(), version::toString),
                () -> assertTrue(version.out().matches("petstore-inventory \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\n"),
                        version::toString),
                () -> assertEquals(0, help.exitCode(), help::toString),
                () -> assertTrue(help.out().startsWith("Usage: petstore-inventory [-hV] [COMMAND]"), help::toString),
                () -> assertTrue(help.out().contains("  export  Writes the store to a file (or standard output), from "
                        + "one snapshot."), help::toString),
                () -> assertTrue(help.out().contains("  3   a database or file could not be used; nothing was changed"),
                        help::toString),
                () -> assertTrue(help.out().contains("  train-aot  Trains the AOT cache petstore-inventory.aot beside "
                        + "the jar"), help::toString),
                () -> assertEquals(0, importHelp.exitCode(), importHelp::toString),
                () -> assertTrue(importHelp.out().contains("--mode=upsert|replace"), importHelp::toString),
                () -> assertTrue(importHelp.out().contains("Example: petstore-inventory import pets.csv --mode "
                        + "replace --dry-run"), importHelp::toString));
    }

    @Test
    void plainProgressLinesComeNowAndThenAndPhasesAreNamed() throws IOException {
        StringBuilder lines = new StringBuilder("petId,name,status,quantity\n");
        for (int i = 1; i <= 3000; i++) {
            lines.append(i).append(",Pet ").append(i).append(",available,").append(i % 7).append('\n');
        }
        Path pets = file("progress.csv", lines.toString());
        Map<String, Object> store = newStore();

        CommandRun load = CommandRun.on(store, Map.of(), java.time.Duration.ZERO, "import", pets.toString());
        CommandRun export = CommandRun.on(store, Map.of(), java.time.Duration.ZERO, "export", "-o",
                files.resolve("out.csv").toString());

        assertAll(
                () -> assertEquals(0, load.exitCode(), load::toString),
                () -> assertTrue(load.errLines().stream().anyMatch(line -> line.matches(
                        "import: [0-9,]+ lines \\(\\d+%\\), [0-9,]+ lines/s, .* left")), load::toString),
                () -> assertTrue(load.errLines().contains("import: checking the staged rows"), load::toString),
                () -> assertTrue(load.errLines().contains("import: applying the changes in one transaction"),
                        load::toString),
                () -> assertEquals(0, export.exitCode(), export::toString),
                () -> assertTrue(export.errLines().stream().anyMatch(line -> line.matches(
                        "export: [0-9,]+ of 3,000 rows \\(\\d+%\\), [0-9,]+ rows/s, .* left")), export::toString),
                () -> assertTrue(export.errLines().getLast().startsWith("export: wrote 3,000 pets (3,000 with stock)"),
                        export::toString));
    }

    /** A JDBC connection to the store's database, as another client of it (the running service, say) has one. */
    abstract Connection connect(Map<String, Object> store) throws SQLException;

    /**
     * While a writer keeps committing transactions that add 1 to the quantities of the first entry, the last entry
     * and the one order, the export shows all three equal: the pets and the orders (read by two statements) come from
     * one snapshot. That snapshot was taken in the middle of the writes: it holds some of the writer's commits (the
     * export starts after the first) and misses some that were made before the export ended.
     */
    @Test
    void anExportIsOneSnapshotWhileAnotherClientKeepsWriting() throws Exception {
        int count = 20_000;
        StringBuilder lines = new StringBuilder("petId,name,status,quantity\n");
        for (int i = 1; i <= count; i++) {
            lines.append(i).append(",Pet ").append(i).append(",available,0\n");
        }
        Map<String, Object> store = newStore();
        Path orderFile = file("one-order.csv", "id,petId,quantity,shipDate,status,complete\n"
                + "1,1,0,2026-10-02T09:00:00Z,placed,false\n");
        assertEquals(0, CommandRun.on(store, "import", file("many.csv", lines.toString()).toString(), "--orders",
                orderFile.toString()).exitCode());

        AtomicLong commits = new AtomicLong();
        AtomicBoolean writing = new AtomicBoolean(true);
        try (Connection writer = connect(store);
             PreparedStatement entries = writer.prepareStatement(
                     "UPDATE inventory_item SET quantity = quantity + 1, version = version + 1 WHERE pet_id IN (1, "
                             + count + ")");
             PreparedStatement order = writer.prepareStatement(
                     "UPDATE store_order SET quantity = quantity + 1 WHERE id = 1")) {
            writer.setAutoCommit(false);
            Thread writes = Thread.ofPlatform().start(() -> {
                try {
                    while (writing.get()) {
                        entries.executeUpdate();
                        order.executeUpdate();
                        writer.commit();
                        commits.incrementAndGet();
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Path orders = files.resolve("orders-now.csv");
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
            while (commits.get() == 0 && writes.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(commits.get() > 0, "the writer committed nothing before the export");
            CommandRun export = CommandRun.on(store, "export", "--format", "csv", "--orders", orders.toString());
            long committedByTheEnd = commits.get();
            writing.set(false);
            writes.join();

            List<String> rows = export.outLines();
            String orderRow = read(orders).lines().skip(1).findFirst().orElseThrow();
            assertAll(
                    () -> assertEquals(0, export.exitCode(), export::toString),
                    () -> assertEquals(count + 1, rows.size()),
                    () -> assertEquals(quantityOf(rows.get(1)), quantityOf(rows.get(count)),
                            "the first and last entry come from different moments: " + rows.get(1) + " / "
                                    + rows.get(count)),
                    () -> assertEquals(quantityOf(rows.get(1)), orderRow.split(",")[2],
                            "the pets and the orders come from different moments: " + rows.get(1) + " / "
                                    + orderRow),
                    () -> assertTrue(Long.parseLong(quantityOf(rows.get(1))) >= 1,
                            "the export's snapshot (" + rows.get(1) + ") misses the writer's first commit"),
                    () -> assertTrue(Long.parseLong(quantityOf(rows.get(1))) < committedByTheEnd,
                            "the export's snapshot (" + rows.get(1) + ") holds every one of the writer's "
                                    + committedByTheEnd + " commits: it was not taken while the writer wrote"));
        }
    }

    /** Two pets with stock, each at version 1. */
    private static final String TWO_PETS = """
            petId,name,status,quantity,version
            1,Rex,available,12,1
            2,Tom,available,3,1
            """;

    /** The stock after an entry was removed and another added at the same version and quantity. */
    private static final String PET_2_REPLACED_BY_PET_3 =
            "[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
                    + "{\"petId\":3,\"quantity\":3,\"status\":\"available\"}]";

    private Map<String, Object> twoPets() throws IOException {
        Map<String, Object> store = newStore();
        CommandRun seed = CommandRun.on(store, "import", file("two-pets-" + System.nanoTime() + ".csv", TWO_PETS)
                .toString());
        assertEquals(0, seed.exitCode(), seed::toString);
        return store;
    }

    /**
     * The stale case the list's validator must catch: a data command removes one entry and adds another at the same
     * version while a service runs on the store. The number of entries and the sum of their versions are the same as
     * before; the list is not, and its next read, also from a client that sends the tag it holds, shows the new list
     * with a new tag (twice, so that an answer kept from the first read would be seen).
     */
    private static void assertTheNextListIsTheNewOne(RunningService service, CommandRun command, String tagBefore) {
        assertEquals(0, command.exitCode(), command::toString);
        for (int read = 0; read < 2; read++) {
            HttpResponse<String> list = service.send(service.request("/v1/inventory")
                    .header("If-None-Match", tagBefore).build());
            assertAll(
                    () -> assertEquals(200, list.statusCode(), list::body),
                    () -> assertEquals(PET_2_REPLACED_BY_PET_3, list.body()),
                    () -> assertNotEquals(tagBefore, list.headers().firstValue("ETag").orElseThrow()),
                    () -> assertTrue(list.headers().firstValue("ETag").orElseThrow().startsWith("W/\"2.2."),
                            "two entries at version 1 each"));
        }
    }

    private static String listTagOf(RunningService service) {
        HttpResponse<String> list = service.get("/v1/inventory");
        assertEquals(200, list.statusCode(), list::body);
        assertEquals("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
                + "{\"petId\":2,\"quantity\":3,\"status\":\"available\"}]", list.body());
        assertEquals(list.headers().firstValue("ETag"), service.get("/v1/inventory").headers().firstValue("ETag"));
        return list.headers().firstValue("ETag").orElseThrow();
    }

    @Test
    void aReplacingImportThatRemovesAnEntryAndAddsAnotherAtTheSameVersionChangesTheListsTag() throws IOException {
        Map<String, Object> store = twoPets();
        Path file = file("replace-2-by-3.csv", """
                petId,name,status,quantity,version
                1,Rex,available,12,1
                3,Kit,available,3,1
                """);
        try (RunningService service = RunningService.start(() -> store)) {
            String tag = listTagOf(service);

            assertTheNextListIsTheNewOne(service,
                    CommandRun.on(store, "import", file.toString(), "--mode", "replace", "--yes"), tag);
        }
    }

    @Test
    void anUpsertThatRemovesAnEntryAndAddsAnotherAtTheSameVersionChangesTheListsTag() throws IOException {
        Map<String, Object> store = twoPets();
        Path file = file("upsert-2-by-3.csv", """
                petId,name,status,quantity,version
                2,Tom,available,,
                3,Kit,available,3,1
                """);
        try (RunningService service = RunningService.start(() -> store)) {
            String tag = listTagOf(service);

            assertTheNextListIsTheNewOne(service, CommandRun.on(store, "import", file.toString(), "--yes"), tag);
        }
    }

    @Test
    void aReplacingCopyIntoAStoreThatAServiceReadsChangesTheListsTag() throws IOException {
        Map<String, Object> target = twoPets();
        Map<String, Object> source = newStore();
        CommandRun seed = CommandRun.on(source, "import", file("copy-source.csv", """
                petId,name,status,quantity,version
                1,Rex,available,12,1
                3,Kit,available,3,1
                """).toString());
        assertEquals(0, seed.exitCode(), seed::toString);
        try (RunningService service = RunningService.start(() -> target)) {
            String tag = listTagOf(service);

            assertTheNextListIsTheNewOne(service, copyReplacing(source, target), tag);
        }
    }

    private static String quantityOf(String csvRow) {
        return csvRow.split(",")[3];
    }

    static byte[] concat(String first, byte[] middle, String last) {
        byte[] head = first.getBytes(StandardCharsets.UTF_8);
        byte[] tail = last.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(middle, 0, all, head.length, middle.length);
        System.arraycopy(tail, 0, all, head.length + middle.length, tail.length);
        return all;
    }
}
