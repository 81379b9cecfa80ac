package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code copy} end to end: from the embedded H2 database to PostgreSQL and back gives identical stores, verified by
 * the same checksum on every side; what it refuses, and how it says so.
 */
class CopyEndToEndTest {

    private static final Pattern CHECKSUM = Pattern.compile("SHA-256 over every row: ([0-9a-f]{64})");

    @TempDir
    Path files;

    private Map<String, Object> h2(String name) {
        return Map.of("petstore.data-dir", files.resolve(name).toString(), "petstore.demo-data", false);
    }

    private static String urlOf(Map<String, Object> store) {
        return (String) store.get("datasources.default.url");
    }

    /** The URL of the H2 database of a store made by {@link #h2}, as the copy's target. */
    private String h2Url(String name) {
        return "jdbc:h2:file:" + files.resolve(name).resolve("petstore");
    }

    private Map<String, Object> seededH2(String name) throws IOException {
        Map<String, Object> store = h2(name);
        Path pets = Files.writeString(files.resolve(name + "-pets.jsonl"), DataCommandsEndToEndTest.PETS,
                StandardCharsets.UTF_8);
        Path orders = Files.writeString(files.resolve(name + "-orders.jsonl"), DataCommandsEndToEndTest.ORDERS,
                StandardCharsets.UTF_8);
        CommandRun seed = CommandRun.on(store, "import", pets.toString(), "--orders", orders.toString());
        assertEquals(0, seed.exitCode(), seed::toString);
        return store;
    }

    private String everything(Map<String, Object> store) throws IOException {
        Path orders = files.resolve("orders-" + System.nanoTime() + ".jsonl");
        CommandRun export = CommandRun.on(store, "export", "--orders", orders.toString());
        assertEquals(0, export.exitCode(), export::toString);
        return export.out() + Files.readString(orders, StandardCharsets.UTF_8);
    }

    private static String checksumOf(CommandRun copy) {
        Matcher checksum = CHECKSUM.matcher(copy.out());
        assertTrue(checksum.find(), copy::toString);
        return checksum.group(1);
    }

    @Test
    void copyingFromH2ToPostgresqlAndBackGivesIdenticalStores() throws IOException {
        Map<String, Object> h2 = seededH2("source");
        Map<String, Object> postgresql = Backend.postgresql().properties();
        String postgresqlUser = (String) postgresql.get("datasources.default.username");
        String postgresqlPassword = (String) postgresql.get("datasources.default.password");

        CommandRun toPostgresql = CommandRun.on(h2, Map.of("PETSTORE_COPY_TO_PASSWORD", postgresqlPassword), "copy",
                "--to", urlOf(postgresql), "--to-user", postgresqlUser);
        CommandRun backToH2 = CommandRun.on(postgresql, "copy", "--to", h2Url("back"));

        assertAll(
                () -> assertEquals(0, toPostgresql.exitCode(), toPostgresql::toString),
                () -> assertEquals(0, backToH2.exitCode(), backToH2::toString),
                () -> assertTrue(toPostgresql.outLines().getFirst().matches("copied 6 pets \\(5 with stock\\), 2 "
                        + "orders and 5 stock ledger changes to " + Pattern.quote(urlOf(postgresql))
                        + " \\(schema version 12\\) in \\d+\\.\\d s"),
                        toPostgresql::toString),
                () -> assertTrue(toPostgresql.outLines().get(1).startsWith("verified: the target holds the same 13 "
                        + "rows as the source; SHA-256 over every row: "), toPostgresql::toString),
                () -> assertEquals("", toPostgresql.err()),
                () -> assertEquals(checksumOf(toPostgresql), checksumOf(backToH2)),
                () -> assertEquals(everything(h2), everything(postgresql)),
                () -> assertEquals(everything(h2), everything(h2("back"))),
                () -> assertEquals(5, ledgerOf(h2ServiceUrl("source"), "sa", "").size() - 1, "the import's 5 changes"),
                () -> assertEquals(ledgerOf(h2ServiceUrl("source"), "sa", ""),
                        ledgerOf(urlOf(postgresql), postgresqlUser, postgresqlPassword)),
                () -> assertEquals(ledgerOf(h2ServiceUrl("source"), "sa", ""),
                        ledgerOf(h2ServiceUrl("back"), "sa", "")));
    }

    /**
     * The answers kept for Idempotency-Keys are not stock data: a copy leaves them behind, so on the copy a retry is a
     * new request, while on the source it is still answered as the first one was. Nor are webhooks (with their
     * secrets): the copy has none, the source keeps its own.
     */
    @Test
    void aCopyLeavesTheKeptIdempotencyAnswersAndTheWebhooksBehind() throws IOException {
        Map<String, Object> source = seededH2("keyed");
        String sale = "{\"delta\": -1, \"reason\": \"sale\"}";
        String webhooks;
        try (RunningService service = RunningService.start(() -> source)) {
            assertEquals("{\"petId\":1,\"quantity\":11,\"status\":\"available\"}", service.send(
                    StockMovementsEndToEndTest.post(service, "/v1/inventory/1/adjustments", sale,
                            "Idempotency-Key", "\"sale-1\"")).body());
            assertEquals(201, WebhooksEndToEndTest.post(service, "/v1/webhooks", "{\"url\": "
                    + "\"https://8.8.8.8/hooks\", \"events\": [\"inventory.count.updated\"]}").statusCode());
            webhooks = service.get("/v1/webhooks").body();
        }
        String before = everything(source);

        CommandRun copy = CommandRun.on(source, "copy", "--to", h2Url("copied"));

        assertEquals(0, copy.exitCode(), copy::toString);
        assertEquals(before, everything(h2("copied")), "the stock data, as it was");
        try (RunningService copied = RunningService.start(() -> h2("copied"))) {
            assertEquals("{\"petId\":1,\"quantity\":10,\"status\":\"available\"}", copied.send(
                    StockMovementsEndToEndTest.post(copied, "/v1/inventory/1/adjustments", sale,
                            "Idempotency-Key", "\"sale-1\"")).body(), "on the copy: a new request");
            assertEquals("{\"webhooks\":[]}", copied.get("/v1/webhooks").body(), "on the copy: no webhook");
        }
        try (RunningService service = RunningService.start(() -> source)) {
            assertEquals("{\"petId\":1,\"quantity\":11,\"status\":\"available\"}", service.send(
                    StockMovementsEndToEndTest.post(service, "/v1/inventory/1/adjustments", sale,
                            "Idempotency-Key", "\"sale-1\"")).body(), "on the source: replayed");
            assertEquals(webhooks, service.get("/v1/webhooks").body(), "on the source: the webhook as it was");
        }
    }

    /** The URL of the H2 database of a store made by {@link #h2}, with the settings the service opens it with. */
    private String h2ServiceUrl(String name) {
        return h2Url(name) + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    }

    /**
     * The stock ledger of the database at the URL as its rows read: which changes it keeps (how far retention removed
     * it, the last change id), then every change with every field, by id.
     */
    private static List<String> ledgerOf(String url, String user, String password) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            try (ResultSet range = statement.executeQuery("SELECT r.removed_through, h.last_change_id"
                    + " FROM stock_ledger_retention r, stock_ledger_head h")) {
                range.next();
                rows.add("removed through " + range.getLong(1) + ", last " + range.getLong(2));
            }
            try (ResultSet change = statement.executeQuery("SELECT change_id, pet_id, from_quantity, to_quantity, "
                    + "version, changed_at, source, key_id, request_id, reason FROM stock_change ORDER BY change_id")) {
                while (change.next()) {
                    rows.add(change.getLong(1) + " " + change.getLong(2) + " " + change.getObject(3) + " "
                            + change.getInt(4) + " " + change.getLong(5) + " "
                            + change.getObject(6, OffsetDateTime.class).toInstant() + " " + change.getString(7) + " "
                            + change.getString(8) + " " + change.getString(9) + " " + change.getString(10));
                }
            }
        }
        return rows;
    }

    @Test
    void aTargetThatHoldsDataIsLeftAloneUnlessReplaceIsGiven() throws IOException {
        Map<String, Object> source = seededH2("source");
        Map<String, Object> target = h2("target");
        Path one = Files.writeString(files.resolve("one.jsonl"),
                "{\"petId\":42,\"name\":\"Already there\",\"status\":\"sold\",\"quantity\":1}\n");
        assertEquals(0, CommandRun.on(target, "import", one.toString()).exitCode());
        String before = everything(target);

        CommandRun refused = CommandRun.on(source, "copy", "--to", h2Url("target"));

        assertAll(
                () -> assertEquals(1, refused.exitCode(), refused::toString),
                () -> assertEquals(List.of("copy: refused: the target already holds 1 pet (1 with stock), 0 orders "
                        + "and 1 stock ledger change; "
                        + "nothing was copied. Copy into an empty database, or give --replace to delete what it holds "
                        + "first"), refused.errLines()),
                () -> assertEquals(before, everything(target)));

        CommandRun replaced = CommandRun.on(source, "copy", "--to", h2Url("target"), "--replace");

        assertAll(
                () -> assertEquals(0, replaced.exitCode(), replaced::toString),
                () -> assertEquals(everything(source), everything(target)),
                () -> assertEquals(ledgerOf(h2ServiceUrl("source"), "sa", ""),
                        ledgerOf(h2ServiceUrl("target"), "sa", ""),
                        "the target's own ledger replaced by the source's"));
    }

    @Test
    void aPasswordOnTheCommandLineTheStoreItselfAndAnUnreachableTargetAreRefusedInOneLine() throws IOException {
        Map<String, Object> source = seededH2("source");

        CommandRun password = CommandRun.on(source, "copy", "--to", "jdbc:postgresql://db/petstore?user=p&password=s");
        CommandRun itself = CommandRun.on(source, "copy", "--to", h2Url("source"));
        CommandRun unreachable = CommandRun.on(source, "copy", "--to", "jdbc:postgresql://127.0.0.1:1/petstore");
        CommandRun notJdbc = CommandRun.on(source, "copy", "--to", "postgres://db/petstore");

        assertAll(
                () -> assertEquals(2, password.exitCode(), password::toString),
                () -> assertEquals(List.of("copy: the URL holds a password: give it in the environment variable "
                        + "PETSTORE_COPY_TO_PASSWORD instead (a command line is visible to every user of the "
                        + "machine)"), password.errLines()),
                () -> assertEquals(2, itself.exitCode(), itself::toString),
                () -> assertEquals(List.of("copy: --to names the configured database itself; nothing was copied"),
                        itself.errLines()),
                () -> assertEquals(3, unreachable.exitCode(), unreachable::toString),
                () -> assertEquals(1, unreachable.errLines().size(), unreachable::toString),
                () -> assertTrue(unreachable.err().startsWith("copy: the target database at "
                        + "jdbc:postgresql://127.0.0.1:1/petstore cannot be used: it cannot be reached: Connection to "
                        + "127.0.0.1:1 refused"), unreachable::toString),
                () -> assertTrue(unreachable.err().endsWith("; nothing was copied\n"), unreachable::toString),
                () -> assertEquals(2, notJdbc.exitCode(), notJdbc::toString));
    }

    /**
     * A target that asks for passwords, as PostgreSQL set up for production does: without PETSTORE_COPY_TO_PASSWORD
     * the copy says to set it, with a wrong one to check it; without --to-user it signs in as the operating-system
     * user, and says so. A data
     * command on such a database configured without DATASOURCES_DEFAULT_PASSWORD says to set that.
     */
    @Test
    void aTargetThatAsksForAPasswordOrForAnotherUserSaysWhatToSet() throws IOException {
        Map<String, Object> source = seededH2("source");
        try (var server = org.petstore.inventory.adapter.persistence.testing.TestPostgres.startRequiringPasswords(
                files.resolve("postgres"), "petstore", "its-password", "petstore")) {
            String url = "jdbc:postgresql://localhost:" + server.getPort() + "/petstore";
            String osUser = System.getProperty("user.name");

            CommandRun noPassword = CommandRun.on(source, "copy", "--to", url, "--to-user", "petstore");
            CommandRun noUser = CommandRun.on(source, Map.of("PETSTORE_COPY_TO_PASSWORD", "its-password"), "copy",
                    "--to", url);
            CommandRun wrongPassword = CommandRun.on(source, Map.of("PETSTORE_COPY_TO_PASSWORD", "not-its-password"),
                    "copy", "--to", url, "--to-user", "petstore");
            CommandRun copied = CommandRun.on(source, Map.of("PETSTORE_COPY_TO_PASSWORD", "its-password"), "copy",
                    "--to", url, "--to-user", "petstore");
            CommandRun exportWithoutPassword = CommandRun.on(Map.of("datasources.default.url", url,
                    "datasources.default.username", "petstore", "datasources.default.password", ""), "export");

            assertAll(
                    () -> assertEquals(3, noPassword.exitCode(), noPassword::toString),
                    () -> assertEquals(List.of("copy: the target database at " + url + " asks user petstore for a "
                            + "password, and none was given: set PETSTORE_COPY_TO_PASSWORD; nothing was copied"),
                            noPassword.errLines()),
                    () -> assertEquals(3, noUser.exitCode(), noUser::toString),
                    () -> assertEquals(List.of("copy: the target database at " + url + " refused user " + osUser
                            + ": FATAL: password authentication failed for user \"" + osUser + "\" (without "
                            + "--to-user the copy signs in as the operating-system user running it: give the "
                            + "target's user with --to-user); nothing was copied"), noUser.errLines()),
                    () -> assertEquals(3, wrongPassword.exitCode(), wrongPassword::toString),
                    () -> assertEquals(List.of("copy: the target database at " + url + " refused user petstore: "
                            + "FATAL: password authentication failed for user \"petstore\": check --to-user and "
                            + "PETSTORE_COPY_TO_PASSWORD; nothing was copied"), wrongPassword.errLines()),
                    () -> assertEquals(0, copied.exitCode(), copied::toString),
                    () -> assertEquals(3, exportWithoutPassword.exitCode(), exportWithoutPassword::toString),
                    () -> assertEquals(List.of("petstore-inventory export: the inventory database at " + url
                            + " asks user petstore for a password, and none is set: set DATASOURCES_DEFAULT_PASSWORD; "
                            + "nothing was changed"), exportWithoutPassword.errLines()));
        }
    }

    @Test
    void aTargetWhoseSchemaIsNewerIsRefusedAndLeftAsItIs() throws IOException, SQLException {
        Map<String, Object> source = seededH2("source");
        assertEquals(0, CommandRun.on(h2("newer"), "export").exitCode(), "creates the target's schema");
        String serviceUrl = h2ServiceUrl("newer");
        try (Connection connection = DriverManager.getConnection(serviceUrl, "sa", "");
             Statement statement = connection.createStatement()) {
            statement.execute("""
                    INSERT INTO "flyway_schema_history" ("installed_rank", "version", "description", "type", "script",
                        "checksum", "installed_by", "execution_time", "success")
                    VALUES (13, '13', 'from the future', 'SQL', 'V13__from_the_future.sql', 0, 'sa', 0, TRUE)""");
        }

        CommandRun copy = CommandRun.on(source, "copy", "--to", h2Url("newer"));

        assertAll(
                () -> assertEquals(3, copy.exitCode(), copy::toString),
                () -> assertEquals(List.of("copy: the target database at " + serviceUrl + " has schema version 13, "
                        + "newer than the version this program knows (12): use the petstore-inventory release that "
                        + "made it, or a newer one; nothing was copied"), copy.errLines()));
    }
}
