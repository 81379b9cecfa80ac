package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.ApplicationContext;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * Upgrading a database that holds stock from before pets existed (schema version 1) loses nothing: every entry
 * keeps its quantity and status, and gets a pet named after its id. Upgrading one from before entries had versions
 * (schema version 2) keeps every entry and puts it at version 1; the next write moves it to version 2. Upgrading one
 * from before the kept answers were JSON (schema version 7) keeps every answer.
 */
class SchemaUpgradeTest {

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void upgradingFromVersion1KeepsEveryEntry(String backend) throws SQLException {
        Map<String, String> database = database(backend, "upgrade");
        String url = database.get("datasources.default.url");
        String user = database.get("datasources.default.username");
        String password = database.get("datasources.default.password");

        flyway(url, user, password).target("1").load().migrate();
        execute(url, user, password, "INSERT INTO inventory_item (pet_id, quantity, status) "
                + "VALUES (4, 7, 'available'), (8, 0, 'sold'), (15, 2147483647, 'pending')");

        flyway(url, user, password).load().migrate();

        assertEquals(List.of("4|7|available|Pet 4", "8|0|sold|Pet 8", "15|2147483647|pending|Pet 15"),
                query(url, user, password, "SELECT i.pet_id, i.quantity, p.status, p.name FROM inventory_item i "
                        + "JOIN pet p ON p.id = i.pet_id ORDER BY i.pet_id"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void upgradingFromVersion2PutsEveryEntryAtTheFirstVersion(String backend) throws SQLException {
        Map<String, String> database = database(backend, "upgrade2");
        String url = database.get("datasources.default.url");
        String user = database.get("datasources.default.username");
        String password = database.get("datasources.default.password");

        flyway(url, user, password).target("2").load().migrate();
        execute(url, user, password, "INSERT INTO pet (id, name, status) "
                + "VALUES (4, 'Polly', 'available'), (8, 'Spike', 'sold'), (15, 'Kiwi', 'pending')");
        execute(url, user, password, "INSERT INTO inventory_item (pet_id, quantity) "
                + "VALUES (4, 7), (8, 0), (15, 2147483647)");

        flyway(url, user, password).load().migrate();
        execute(url, user, password, "UPDATE inventory_item SET quantity = 6, version = version + 1 WHERE pet_id = 4");

        assertEquals(List.of("4|6|available|2", "8|0|sold|1", "15|2147483647|pending|1"),
                query(url, user, password, "SELECT i.pet_id, i.quantity, p.status, i.version FROM inventory_item i "
                        + "JOIN pet p ON p.id = i.pet_id ORDER BY i.pet_id"));
    }

    /**
     * The answers kept for idempotency keys before they were JSON (schema version 7: an outcome, a refused index and
     * count, the entries as {@code petId:quantity:STATUS:version}) are converted by the upgrade and replayed exactly:
     * a retry gets the entries, or the refusal, as the first request did, and changes nothing. An out-of-range
     * refusal, which kept only the count, is told apart (too little stock, above the limit) by the retried change.
     */
    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void upgradingFromVersion7ReplaysEveryKeptAnswer(String backend) throws SQLException {
        Map<String, String> database = database(backend, "upgrade7");
        String url = database.get("datasources.default.url");
        String user = database.get("datasources.default.username");
        String password = database.get("datasources.default.password");
        flyway(url, user, password).target("7").load().migrate();
        execute(url, user, password, "INSERT INTO pet (id, name, status) VALUES (1, 'Rex', 'available'), "
                + "(2, 'Tom', 'sold'), (3, 'Kiwi', 'pending')");
        execute(url, user, password, "INSERT INTO inventory_item (pet_id, quantity, version) VALUES (1, 5, 3), "
                + "(2, 2147483646, 1), (3, 0, 12)");
        execute(url, user, password, """
                INSERT INTO idempotency_key (scope, idempotency_key, fingerprint, claim_token, claimed_at, outcome,
                                             refused_index, refused_count, entries) VALUES
                ('key-1', 'applied', 'f', 1, CURRENT_TIMESTAMP, 'applied', NULL, NULL,
                 '1:9:AVAILABLE:2,2:4:SOLD:7,3:0:PENDING:12'),
                ('key-1', 'not-found', 'f', 2, CURRENT_TIMESTAMP, 'not_found', 1, NULL, NULL),
                ('key-1', 'stale', 'f', 3, CURRENT_TIMESTAMP, 'stale', 0, NULL, NULL),
                ('key-1', 'insufficient', 'f', 4, CURRENT_TIMESTAMP, 'out_of_range', 1, 5, NULL),
                ('key-1', 'above-limit', 'f', 5, CURRENT_TIMESTAMP, 'out_of_range', 0, 2147483646, NULL),
                ('key-1', 'in-flight', 'f', 6, CURRENT_TIMESTAMP, NULL, NULL, NULL, NULL)""");
        InventoryEntry rex = new InventoryEntry(PetId.of(1), Quantity.of(5), PetStatus.AVAILABLE, EntryVersion.of(3));

        Map<String, Object> properties = new HashMap<>(database);
        try (ApplicationContext context = ApplicationContext.run(properties, "persistence-test")) {
            assertEquals(url, context.getRequiredProperty("datasources.default.url", String.class));
            InventoryRepository repository = context.getBean(InventoryRepository.class);
            StockLedger ledger = context.getBean(StockLedger.class);

            assertEquals(new ChangeOutcome.Applied(List.of(
                    new InventoryEntry(PetId.of(1), Quantity.of(9), PetStatus.AVAILABLE, EntryVersion.of(2)),
                    new InventoryEntry(PetId.of(2), Quantity.of(4), PetStatus.SOLD, EntryVersion.of(7)),
                    new InventoryEntry(PetId.of(3), Quantity.of(0), PetStatus.PENDING, EntryVersion.of(12)))),
                    retry(repository, "applied", set(1, 9), set(2, 4), set(3, 0)));
            assertEquals(new ChangeOutcome.Refused(1, new ChangeDecision.NotFound(PetId.of(9))),
                    retry(repository, "not-found", delta(1, -1), delta(9, 1)));
            assertEquals(new ChangeOutcome.Refused(0, new ChangeDecision.Stale(PetId.of(1))),
                    retry(repository, "stale", new EntryChange(PetId.of(1), new StockMovement.SetTo(Quantity.of(4)),
                            ExpectedVersions.oneOf(EntryVersion.FIRST), ORIGIN)));
            assertEquals(new ChangeOutcome.Refused(1, new ChangeDecision.InsufficientStock(PetId.of(1),
                    Quantity.of(5), StockDelta.of(-6))), retry(repository, "insufficient", delta(2, 1), delta(1, -6)));
            assertEquals(new ChangeOutcome.Refused(0, new ChangeDecision.LimitExceeded(PetId.of(2),
                    Quantity.of(2147483646), StockDelta.of(2))), retry(repository, "above-limit", delta(2, 2)));
            assertEquals(new ChangeOutcome.KeyInFlight(), retry(repository, "in-flight", delta(1, -1)));

            assertEquals(Optional.of(rex), repository.findByPetId(PetId.of(1)));
            assertEquals(0, ledger.newestChangeId(), "a replayed answer changes nothing");
        }
        assertEquals(List.of("0|0|{\"applied\":[{\"petId\":1,\"quantity\":9,\"status\":\"available\","
                + "\"version\":2},{\"petId\":2,\"quantity\":4,\"status\":\"sold\",\"version\":7},{\"petId\":3,"
                + "\"quantity\":0,\"status\":\"pending\",\"version\":12}]}|null"),
                query(url, user, password, "SELECT 0, 0, answer, NULL FROM idempotency_key "
                        + "WHERE idempotency_key = 'applied'"));
    }

    private static final ChangeOrigin ORIGIN = ChangeOrigin.api("key-1", null, null);

    private static EntryChange set(long petId, int quantity) {
        return new EntryChange(PetId.of(petId), new StockMovement.SetTo(Quantity.of(quantity)), ORIGIN);
    }

    private static EntryChange delta(long petId, int delta) {
        return new EntryChange(PetId.of(petId), new StockMovement.AdjustBy(StockDelta.of(delta)), ORIGIN);
    }

    private static ChangeOutcome retry(InventoryRepository repository, String key, EntryChange... changes) {
        return repository.change(List.of(changes), Optional.of(new IdempotentRequest("key-1", key, "f")));
    }

    /** A new database of the backend ({@code h2}: in memory, by this name), as the service's properties. */
    private static Map<String, String> database(String backend, String h2Name) {
        return backend.equals("h2")
                ? Map.of("datasources.default.url", "jdbc:h2:mem:" + h2Name + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;"
                        + "DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", "datasources.default.username", "sa",
                        "datasources.default.password", "")
                : TestPostgres.newDatabase();
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(String url, String user,
                                                                                String password) {
        return Flyway.configure().dataSource(url, user, password)
                .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new));
    }

    private static void execute(String url, String user, String password, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static List<String> query(String url, String user, String password, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement();
             ResultSet result = statement.executeQuery(sql)) {
            while (result.next()) {
                rows.add(result.getLong(1) + "|" + result.getInt(2) + "|" + result.getString(3) + "|"
                        + result.getString(4));
            }
        }
        return rows;
    }
}
