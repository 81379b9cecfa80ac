package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreLoadContract;
import org.petstore.inventory.application.port.outbound.StoreLoads;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scope;
import org.petstore.inventory.domain.access.Scopes;

/**
 * The store contract of the data use cases on a real database through the JDBC adapter, with the schema built by
 * the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcStoreTransfersTest extends StoreLoadContract {

    @Inject
    StoreSnapshots snapshots;

    @Inject
    StoreLoads loads;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    StockLedger ledger;

    @Inject
    ApiKeyStore keys;

    @Override
    protected StoreSnapshots snapshots() {
        return snapshots;
    }

    @Override
    protected StoreLoads loads() {
        return loads;
    }

    @Override
    protected void givenOnly(List<CatalogueEntry> pets, List<Order> orders) {
        new StoreTables(transactions).replaceWith(pets, orders);
    }

    /**
     * An import records in the stock ledger every entry whose count it changes (from, to, the version it gives) and
     * every entry it creates (no count before, its staged version), source import, in the order of the pets; a
     * change of status or name alone, an unchanged entry and a removed entry are not changes of a count.
     */
    @Test
    void anImportRecordsEveryCountItChangesAndEveryEntryItCreates() {
        givenOnly(List.of(stocked(1, "Rex", PetStatus.AVAILABLE, 12, 3), stocked(2, "Tom", PetStatus.SOLD, 0, 1),
                stocked(3, "Goldie", PetStatus.SOLD, 5, 7), stocked(4, "Nemo", PetStatus.AVAILABLE, 25, 2),
                unstocked(7, "Polly", PetStatus.PENDING)), List.of());
        long before = newest();

        try (StoreLoad load = loads.beginLoad(false)) {
            load.stagePet(2, stocked(1, "Rex", PetStatus.AVAILABLE, 13, 1));
            load.stagePet(3, stocked(2, "Tom", PetStatus.PENDING, 0, 1));
            load.stagePet(4, stocked(3, "Goldie the second", PetStatus.SOLD, 5, 1));
            load.stagePet(5, unstocked(4, "Nemo", PetStatus.AVAILABLE));
            load.stagePet(6, stocked(7, "Polly", PetStatus.PENDING, 4, 9));
            load.stagePet(7, stocked(8, "Bubbles", PetStatus.AVAILABLE, 30, 1));
            load.apply(false);
            assertEquals(List.of(), ledger.changesAfter(before, 10), "nothing is visible before the commit");
            load.commit();
        }

        List<StockChange> recorded = ledger.changesAfter(before, 10);
        assertEquals(List.of(
                        List.of(1L, 12, 13, 4L), List.of(7L, -1, 4, 9L), List.of(8L, -1, 30, 1L)),
                recorded.stream().map(change -> List.of(change.petId().value(),
                        change.from() == null ? -1 : change.from().value(), change.to().value(),
                        change.version().value())).toList());
        assertEquals(List.of(ChangeOrigin.IMPORT, ChangeOrigin.IMPORT, ChangeOrigin.IMPORT),
                recorded.stream().map(StockChange::origin).toList());
        assertEquals(List.of(before + 1, before + 2, before + 3),
                recorded.stream().map(StockChange::changeId).toList());
        assertEquals(recorded.getLast().changeId(), newest(), "the next change follows the last recorded one");
    }

    /**
     * A ledger carried over by a copy is the store's ledger: read through the port, and the next change recorded
     * follows its newest id.
     */
    @Test
    void aLedgerCarriedOverIsReadThroughTheLedgerAndTheNextChangeFollowsIt() {
        StockChange carried = new StockChange(1_000, PetId.of(1), Quantity.of(11), Quantity.of(12), EntryVersion.of(3),
                Instant.parse("2026-11-20T10:00:00Z"), ChangeOrigin.api("key-0123456789ab", "req-1", null));

        try (StoreLoad load = loads.beginLoad(true)) {
            load.clear();
            load.copyChange(carried);
            load.copyLedgerRange(new LedgerRange(999, 1_000));
            load.commit();
        }
        givenOnly(List.of(stocked(1, "Rex", PetStatus.AVAILABLE, 12, 3)), List.of());
        try (StoreLoad load = loads.beginLoad(false)) {
            load.stagePet(2, stocked(1, "Rex", PetStatus.AVAILABLE, 20, 1));
            load.apply(false);
            load.commit();
        }

        List<StockChange> changes = ledger.changesAfter(999, 10);
        assertAll(
                () -> assertEquals(999, ledger.removedThrough()),
                () -> assertEquals(1_001, ledger.newestChangeId()),
                () -> assertEquals(carried, changes.getFirst()),
                () -> assertEquals(List.of(1_000L, 1_001L), changes.stream().map(StockChange::changeId).toList()),
                () -> assertEquals(Quantity.of(12), changes.getLast().from()));
    }

    /** A load that is not committed records nothing. */
    @Test
    void anImportRolledBackRecordsNothing() {
        givenOnly(List.of(stocked(1, "Rex", PetStatus.AVAILABLE, 12, 3)), List.of());
        long before = newest();

        try (StoreLoad load = loads.beginLoad(false)) {
            load.stagePet(2, stocked(1, "Rex", PetStatus.AVAILABLE, 99, 1));
            load.apply(false);
        }

        assertEquals(List.of(), ledger.changesAfter(before, 10));
    }

    /**
     * Managed API keys are credentials, not stock data (as the idempotency keys' answers are not): a snapshot (what
     * {@code export} writes, what {@code copy} reads and both digest into their checksum) reads the same with them or
     * without them, and a load that empties the store (a copy's target) or replaces it (an import) keeps every key and
     * every secret of the store it loads into.
     */
    @Test
    void theDataCommandsLeaveManagedApiKeysBehindAndKeepThoseOfTheStoreTheyLoadInto() {
        StoreTables tables = new StoreTables(transactions);
        tables.removeApiKeys();
        givenOnly(List.of(REX, TOM), List.of(FIRST));
        List<Object> withoutKeys = everythingASnapshotReads();
        ApiKey key = new ApiKey(new KeyId("key-00000000c0de"), new KeyName("till-3"),
                Scopes.of(Scope.INVENTORY_WRITE), Instant.parse("2026-11-01T10:00:00Z"), null, null, null);
        keys.add(key, ApiKeyStore.digest("first secret"));
        keys.rotate(key.id(), ApiKeyStore.digest("second secret"), Instant.parse("2026-11-02T10:00:00Z"));
        List<String> keyRows = tables.everyValueOf("api_key", "api_key_secret");

        assertEquals(withoutKeys, everythingASnapshotReads(), "a snapshot reads no key");

        try (StoreLoad copy = loads.beginLoad(true)) {
            copy.clear();
            copy.stagePet(2, POLLY);
            copy.apply(true);
            copy.commit();
        }
        try (StoreLoad replacingImport = loads.beginLoad(false)) {
            replacingImport.stagePet(2, REX);
            replacingImport.apply(true);
            replacingImport.commit();
        }

        assertAll(
                () -> assertEquals(List.of(REX), store().pets(), "the loads were applied"),
                () -> assertEquals(keyRows, tables.everyValueOf("api_key", "api_key_secret"), "the keys stay"),
                () -> assertEquals(List.of(key), keys.list()),
                () -> assertEquals(key, keys.findBySecretDigest(ApiKeyStore.digest("second secret")).orElseThrow()
                        .key()));
    }

    /** Everything a snapshot of the store reads: its size, pets, orders, the ledger's range and changes. */
    private List<Object> everythingASnapshotReads() {
        try (StoreSnapshot snapshot = snapshots.openSnapshot()) {
            Store store = read(snapshot);
            LedgerRange range = snapshot.ledgerRange();
            try (var changes = snapshot.changes()) {
                return List.of(store, range, changes.toList());
            }
        }
    }

    private long newest() {
        long cursor = 0;
        List<StockChange> page;
        while (!(page = ledger.changesAfter(cursor, 500)).isEmpty()) {
            cursor = page.getLast().changeId();
        }
        return cursor;
    }
}
