package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;

/**
 * What every store must do for the data use cases: {@link StoreSnapshots} (one consistent read of the whole store)
 * and {@link StoreLoads} (staged rows, checked, counted and applied in one transaction). Each backend's test extends
 * this class and says how to reach its store and put rows in place; the in-memory fake passes it too.
 */
public abstract class StoreLoadContract {

    protected static final CatalogueEntry REX = stocked(1, "Rex", PetStatus.AVAILABLE, 12, 3);
    protected static final CatalogueEntry TOM = stocked(2, "Tom, the \"cat\"\n\tÆøå 🐈", PetStatus.SOLD, 0, 1);
    protected static final CatalogueEntry POLLY = unstocked(7, "Polly", PetStatus.PENDING);
    protected static final Order FIRST = order(1, 1, 2, "2026-10-02T09:00:00Z", OrderStatus.DELIVERED, true);
    protected static final Order SECOND = order(5, 7, 1, "2026-11-20T10:00:00.123456Z", OrderStatus.PLACED, false);

    protected abstract StoreSnapshots snapshots();

    protected abstract StoreLoads loads();

    /** Removes everything, then stores exactly the given pets (with their stock, at their versions) and orders. */
    protected abstract void givenOnly(List<CatalogueEntry> pets, List<Order> orders);

    protected static CatalogueEntry stocked(long id, String name, PetStatus status, int quantity, long version) {
        return CatalogueEntry.stocked(new Pet(PetId.of(id), name, status), Quantity.of(quantity),
                EntryVersion.of(version));
    }

    protected static CatalogueEntry unstocked(long id, String name, PetStatus status) {
        return CatalogueEntry.unstocked(new Pet(PetId.of(id), name, status));
    }

    protected static Order order(long id, long petId, int quantity, String shipDate, OrderStatus status,
            boolean complete) {
        return new Order(OrderId.of(id), PetId.of(petId), Quantity.of(quantity), Instant.parse(shipDate), status,
                complete);
    }

    /** The whole store, read through a snapshot. */
    protected Store store() {
        try (StoreSnapshot snapshot = snapshots().openSnapshot()) {
            return read(snapshot);
        }
    }

    protected static Store read(StoreSnapshot snapshot) {
        StoreSize size = snapshot.size();
        List<CatalogueEntry> pets;
        try (var catalogue = snapshot.catalogue()) {
            pets = catalogue.toList();
        }
        List<Order> orders;
        try (var all = snapshot.orders()) {
            orders = all.toList();
        }
        return new Store(size, pets, orders);
    }

    protected record Store(StoreSize size, List<CatalogueEntry> pets, List<Order> orders) {
    }

    private void load(boolean withOrders, boolean replace, List<CatalogueEntry> pets, List<Order> orders) {
        try (StoreLoad load = loads().beginLoad(withOrders)) {
            stage(load, pets, orders);
            assertEquals(List.of(), load.problems(replace, 10));
            load.apply(replace);
            load.commit();
        }
    }

    private static void stage(StoreLoad load, List<CatalogueEntry> pets, List<Order> orders) {
        long line = 1;
        for (CatalogueEntry pet : pets) {
            load.stagePet(++line, pet);
        }
        line = 1;
        for (Order order : orders) {
            load.stageOrder(++line, order);
        }
    }

    @Test
    void aSnapshotHoldsEveryPetWithItsStockAndEveryOrderInIdOrder() {
        givenOnly(List.of(POLLY, TOM, REX), List.of(SECOND, FIRST));

        Store store = store();

        assertAll(
                () -> assertEquals(new StoreSize(3, 2, 2), store.size()),
                () -> assertEquals(List.of(REX, TOM, POLLY), store.pets()),
                () -> assertEquals(List.of(FIRST, SECOND), store.orders()));
    }

    @Test
    void aSnapshotShowsTheStoreAsItWasWhenItWasFirstReadWhateverIsCommittedMeanwhile() {
        givenOnly(List.of(REX, TOM), List.of(FIRST));

        try (StoreSnapshot snapshot = snapshots().openSnapshot()) {
            assertEquals(new StoreSize(2, 2, 1), snapshot.size());

            load(true, false, List.of(stocked(1, "Rex", PetStatus.AVAILABLE, 99, 1), POLLY),
                    List.of(SECOND));

            assertEquals(new Store(new StoreSize(2, 2, 1), List.of(REX, TOM), List.of(FIRST)), read(snapshot));
        }
        assertEquals(3, store().pets().size());
    }

    @Test
    void anUpsertCreatesNewPetsAtTheirStagedVersionsAndLeavesTheOthers() {
        givenOnly(List.of(REX), List.of());

        load(false, false, List.of(TOM, POLLY), List.of());

        assertEquals(List.of(REX, TOM, POLLY), store().pets());
    }

    @Test
    void aChangedQuantityOrStatusMovesTheEntryToItsNextVersionAndANameOrSameValuesDoNot() {
        CatalogueEntry quantityChanged = stocked(1, "Rex", PetStatus.AVAILABLE, 13, 1);
        CatalogueEntry statusChanged = stocked(2, TOM.pet().name(), PetStatus.PENDING, 0, 1);
        CatalogueEntry renamed = stocked(3, "Goldie the second", PetStatus.SOLD, 5, 1);
        CatalogueEntry same = stocked(4, "Nemo", PetStatus.AVAILABLE, 25, 1);
        givenOnly(List.of(REX, TOM, stocked(3, "Goldie", PetStatus.SOLD, 5, 7), stocked(4, "Nemo",
                PetStatus.AVAILABLE, 25, 2)), List.of());

        load(false, false, List.of(quantityChanged, statusChanged, renamed, same), List.of());

        assertEquals(List.of(
                stocked(1, "Rex", PetStatus.AVAILABLE, 13, 4),
                stocked(2, TOM.pet().name(), PetStatus.PENDING, 0, 2),
                stocked(3, "Goldie the second", PetStatus.SOLD, 5, 7),
                stocked(4, "Nemo", PetStatus.AVAILABLE, 25, 2)), store().pets());
    }

    @Test
    void aPetStagedWithoutStockLosesItsEntryAndOneStagedWithStockGainsOne() {
        givenOnly(List.of(REX, POLLY), List.of());

        load(false, false, List.of(unstocked(1, "Rex", PetStatus.AVAILABLE),
                stocked(7, "Polly", PetStatus.PENDING, 4, 9)), List.of());

        assertEquals(List.of(unstocked(1, "Rex", PetStatus.AVAILABLE), stocked(7, "Polly", PetStatus.PENDING, 4, 9)),
                store().pets());
    }

    @Test
    void theChangesCountWhatApplyingWouldDo() {
        givenOnly(List.of(REX, TOM, POLLY, stocked(9, "Bubbles", PetStatus.AVAILABLE, 40, 1)),
                List.of(FIRST, SECOND));

        try (StoreLoad load = loads().beginLoad(true)) {
            stage(load, List.of(REX, stocked(2, "Tom", PetStatus.SOLD, 0, 1), unstocked(9, "Bubbles",
                    PetStatus.AVAILABLE), stocked(20, "New", PetStatus.SOLD, 1, 1)),
                    List.of(FIRST, order(6, 20, 1, "2026-12-01T00:00:00Z", OrderStatus.PLACED, false)));

            assertAll(
                    () -> assertEquals(new StoreChanges(1, 2, 1, 0, 1, 1, 0, 1, 0), load.changes(false)),
                    () -> assertEquals(new StoreChanges(1, 2, 1, 1, 1, 1, 0, 1, 1), load.changes(true)));
        }
        assertEquals(4, store().pets().size(), "counting changed nothing");
    }

    @Test
    void aReplaceLeavesExactlyTheStagedPetsAndWithOrdersExactlyTheStagedOrders() {
        givenOnly(List.of(REX, TOM, POLLY), List.of(FIRST, SECOND));
        CatalogueEntry newcomer = stocked(20, "New", PetStatus.SOLD, 1, 1);
        Order third = order(6, 20, 1, "2026-12-01T00:00:00Z", OrderStatus.PLACED, false);

        load(true, true, List.of(TOM, newcomer), List.of(third));

        Store store = store();
        assertAll(
                () -> assertEquals(List.of(TOM, newcomer), store.pets()),
                () -> assertEquals(List.of(third), store.orders()),
                () -> assertEquals(new StoreSize(2, 2, 1), store.size()));
    }

    @Test
    void anUpsertWithOrdersCreatesAndUpdatesOrdersAndKeepsTheOthers() {
        givenOnly(List.of(REX, TOM, POLLY), List.of(FIRST, SECOND));
        Order changed = order(5, 2, 3, "2026-11-21T10:00:00Z", OrderStatus.APPROVED, true);
        Order added = order(9, 1, 1, "2027-01-01T00:00:00Z", OrderStatus.PLACED, false);

        load(true, false, List.of(), List.of(changed, added));

        assertEquals(List.of(FIRST, changed, added), store().orders());
    }

    @Test
    void aReplaceWithoutOrdersIsAProblemWhenAnOrderWouldLoseItsPet() {
        givenOnly(List.of(REX, TOM, POLLY), List.of(FIRST, SECOND));

        try (StoreLoad load = loads().beginLoad(false)) {
            stage(load, List.of(TOM), List.of());

            assertAll(
                    () -> assertEquals(List.of(
                            new StagingProblem.OrderOfDeletedPet(OrderId.of(1), PetId.of(1)),
                            new StagingProblem.OrderOfDeletedPet(OrderId.of(5), PetId.of(7))),
                            load.problems(true, 10)),
                    () -> assertEquals(2, load.problemCount(true)),
                    () -> assertEquals(List.of(), load.problems(false, 10)),
                    () -> assertEquals(0, load.problemCount(false)));
        }
    }

    @Test
    void anOrderForAPetThatWouldNotExistIsAProblemOfItsLine() {
        givenOnly(List.of(REX), List.of());

        try (StoreLoad load = loads().beginLoad(true)) {
            stage(load, List.of(TOM), List.of(
                    order(1, 1, 1, "2026-10-02T09:00:00Z", OrderStatus.PLACED, false),
                    order(2, 2, 1, "2026-10-02T09:00:00Z", OrderStatus.PLACED, false),
                    order(3, 99, 1, "2026-10-02T09:00:00Z", OrderStatus.PLACED, false)));

            assertAll(
                    () -> assertEquals(List.of(new StagingProblem.OrderOfMissingPet(4, OrderId.of(3), PetId.of(99))),
                            load.problems(false, 10), "in an upsert the stored pet 1 counts"),
                    () -> assertEquals(List.of(new StagingProblem.OrderOfMissingPet(2, OrderId.of(1), PetId.of(1)),
                            new StagingProblem.OrderOfMissingPet(4, OrderId.of(3), PetId.of(99))),
                            load.problems(true, 10), "in a replace only the staged pets count"),
                    () -> assertEquals(2, load.problemCount(true)));
        }
    }

    @Test
    void duplicatesAreReportedByLineWithTheirFirstLineUpToTheLimitAndAllAreCounted() {
        givenOnly(List.of(), List.of());

        try (StoreLoad load = loads().beginLoad(true)) {
            load.stagePet(2, REX);
            load.stagePet(3, TOM);
            load.stagePet(4, REX);
            load.stagePet(5, REX);
            load.stagePet(6, TOM);
            load.stageOrder(2, order(1, 1, 1, "2026-10-02T09:00:00Z", OrderStatus.PLACED, false));
            load.stageOrder(3, order(1, 2, 1, "2026-10-02T09:00:00Z", OrderStatus.PLACED, false));

            assertAll(
                    () -> assertEquals(List.of(
                            new StagingProblem.DuplicatePet(4, PetId.of(1), 2),
                            new StagingProblem.DuplicatePet(5, PetId.of(1), 2),
                            new StagingProblem.DuplicatePet(6, PetId.of(2), 3),
                            new StagingProblem.DuplicateOrder(3, OrderId.of(1), 2)), load.problems(false, 10)),
                    () -> assertEquals(List.of(
                            new StagingProblem.DuplicatePet(4, PetId.of(1), 2),
                            new StagingProblem.DuplicatePet(5, PetId.of(1), 2)), load.problems(false, 2)),
                    () -> assertEquals(4, load.problemCount(false)));
        }
    }

    @Test
    void aLoadClosedWithoutCommitChangesNothingEvenAfterApplying() {
        givenOnly(List.of(REX, TOM), List.of(FIRST));
        Store before = store();

        try (StoreLoad load = loads().beginLoad(true)) {
            stage(load, List.of(POLLY), List.of(SECOND));
            load.apply(true);
        }

        assertEquals(before, store());
    }

    @Test
    void aLoadIsInvisibleToOthersUntilItCommitsAndItsReadBackSeesItBefore() {
        givenOnly(List.of(REX), List.of());

        try (StoreLoad load = loads().beginLoad(true)) {
            stage(load, List.of(TOM, POLLY), List.of(SECOND));
            load.apply(true);
            Store readBack;
            try (StoreSnapshot written = load.readBack()) {
                readBack = read(written);
            }
            assertEquals(new Store(new StoreSize(2, 1, 1), List.of(TOM, POLLY), List.of(SECOND)), readBack);
            assertEquals(List.of(REX), store().pets(), "not committed yet");

            load.commit();
        }
        assertEquals(List.of(TOM, POLLY), store().pets());
    }

    @Test
    void clearingEmptiesTheStoreInTheLoadsTransaction() {
        givenOnly(List.of(REX, TOM, POLLY), List.of(FIRST, SECOND));

        try (StoreLoad load = loads().beginLoad(true)) {
            assertEquals(new StoreSize(3, 2, 2), load.size());
            load.clear();
            assertEquals(StoreSize.EMPTY, load.size());
            stage(load, List.of(REX), List.of());
            load.apply(true);
            load.commit();
        }
        assertEquals(new Store(new StoreSize(1, 1, 0), List.of(REX), List.of()), store());
    }

    /** A copy carries another store's ledger over as it is: ids, times, origins and the range it keeps. */
    @Test
    void aLoadCarriesAnotherStoresLedgerOverAsItIsAfterClearingItsOwn() {
        givenOnly(List.of(REX), List.of());
        StockChange created = new StockChange(41, PetId.of(1), null, Quantity.of(10), EntryVersion.of(1),
                Instant.parse("2026-11-20T10:00:00.123456Z"), ChangeOrigin.IMPORT);
        StockChange arrival = new StockChange(42, PetId.of(1), Quantity.of(10), Quantity.of(12), EntryVersion.of(2),
                Instant.parse("2026-11-21T08:30:00Z"),
                ChangeOrigin.api("key-0123456789ab", "req-7 \"é\"", ChangeReason.ARRIVAL));
        StockChange removed = new StockChange(43, PetId.of(9), Quantity.of(3), Quantity.of(0), EntryVersion.of(8),
                Instant.parse("2026-11-22T23:59:59.999999Z"), ChangeOrigin.api(null, null, null));
        List<StockChange> ledger = List.of(created, arrival, removed);
        LedgerRange range = new LedgerRange(40, 43);

        try (StoreLoad load = loads().beginLoad(true)) {
            load.clear();
            assertEquals(LedgerRange.EMPTY, load.ledgerRange());
            ledger.forEach(load::copyChange);
            load.copyLedgerRange(range);
            try (StoreSnapshot readBack = load.readBack()) {
                assertEquals(range, readBack.ledgerRange());
                try (var changes = readBack.changes()) {
                    assertEquals(ledger, changes.toList());
                }
            }
            try (StoreSnapshot other = snapshots().openSnapshot()) {
                assertEquals(false, other.ledgerRange().equals(range), "invisible before the commit");
            }
            assertEquals(range, load.ledgerRange());
            load.commit();
        }

        try (StoreSnapshot snapshot = snapshots().openSnapshot()) {
            assertEquals(range, snapshot.ledgerRange());
            try (var changes = snapshot.changes()) {
                assertEquals(ledger, changes.toList());
            }
        }
    }

    @Test
    void aLargeLoadIsStagedCheckedAndAppliedWhole() {
        givenOnly(List.of(), List.of());
        int count = 20_000;

        try (StoreLoad load = loads().beginLoad(false)) {
            LongStream.rangeClosed(1, count).forEach(id -> load.stagePet(id + 1,
                    stocked(id, "Pet " + id, PetStatus.AVAILABLE, (int) (id % 1000), 1)));
            assertEquals(0, load.problemCount(true));
            assertEquals(new StoreChanges(count, 0, 0, 0, 0, 0, 0, 0, 0), load.changes(true));
            load.apply(true);
            load.commit();
        }

        Store store = store();
        assertAll(
                () -> assertEquals(new StoreSize(count, count, 0), store.size()),
                () -> assertEquals(stocked(count, "Pet " + count, PetStatus.AVAILABLE, count % 1000, 1),
                        store.pets().getLast()));
    }

    @Test
    void twoSnapshotsOfOneStoreHaveTheSameIdentity() {
        givenOnly(List.of(REX), List.of());

        try (StoreSnapshot one = snapshots().openSnapshot(); StoreSnapshot two = snapshots().openSnapshot()) {
            assertEquals(one.identity(), two.identity());
            assertNotEquals("", one.identity());
        }
    }
}
