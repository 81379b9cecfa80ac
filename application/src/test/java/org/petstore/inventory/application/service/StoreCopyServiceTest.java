package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.CopyCommand;
import org.petstore.inventory.application.port.inbound.CopyOutcome;
import org.petstore.inventory.application.port.inbound.ProgressListener;
import org.petstore.inventory.application.port.outbound.InMemoryStore;
import org.petstore.inventory.application.port.outbound.OtherStore;
import org.petstore.inventory.application.port.outbound.OtherStores;
import org.petstore.inventory.application.port.outbound.StagingProblem;
import org.petstore.inventory.application.port.outbound.StoreChanges;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
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

class StoreCopyServiceTest {

    private static final CatalogueEntry REX = CatalogueEntry.stocked(new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE),
            Quantity.of(12), EntryVersion.of(4));
    private static final CatalogueEntry POLLY = CatalogueEntry.unstocked(new Pet(PetId.of(7), "Polly",
            PetStatus.PENDING));
    private static final Order ORDER = new Order(OrderId.of(1), PetId.of(1), Quantity.of(1),
            Instant.parse("2026-10-02T09:00:00Z"), OrderStatus.PLACED, false);

    private final InMemoryStore source = new InMemoryStore();
    private final InMemoryStore target = new InMemoryStore();
    private final List<String> progress = new ArrayList<>();

    @BeforeEach
    void stock() {
        source.replaceWith(List.of(REX, POLLY), List.of(ORDER));
    }

    private CopyOutcome copy(OtherStores to, boolean replace) {
        return new StoreCopyService(source, to).copyStore(new CopyCommand("jdbc:test:target", Optional.empty(), "",
                replace, new ProgressListener() {
                    @Override
                    public void started(long expectedRows) {
                        progress.add("started " + expectedRows);
                    }

                    @Override
                    public void advanced(long rowsDone) {
                        progress.add("advanced " + rowsDone);
                    }
                }));
    }

    @Test
    void theStockLedgerIsCarriedOverAsItIsWithItsRange() {
        List<StockChange> ledger = List.of(
                new StockChange(8, PetId.of(1), Quantity.of(10), Quantity.of(12), EntryVersion.of(4),
                        Instant.parse("2026-11-20T10:00:00.5Z"),
                        ChangeOrigin.api("key-0123456789ab", "req-1", ChangeReason.RETURN)),
                new StockChange(9, PetId.of(3), null, Quantity.of(2), EntryVersion.of(1),
                        Instant.parse("2026-11-21T10:00:00Z"), ChangeOrigin.IMPORT));
        source.replaceLedgerWith(ledger, new LedgerRange(7, 9));

        CopyOutcome.Copied copied = assertInstanceOf(CopyOutcome.Copied.class,
                copy(address -> new Other(target, "target"), false));

        assertAll(
                () -> assertEquals(2, copied.changes()),
                () -> assertEquals(ledger, target.changes()),
                () -> assertEquals(new LedgerRange(7, 9), target.ledgerRange()),
                () -> assertEquals(List.of("started 5", "advanced 1", "advanced 2", "advanced 3", "advanced 4",
                        "advanced 5"), progress));
    }

    @Test
    void aTargetWhoseLedgerKeepsChangesHoldsDataEvenWithoutPets() {
        StockChange kept = new StockChange(3, PetId.of(5), Quantity.of(1), Quantity.of(0), EntryVersion.of(2),
                Instant.parse("2026-11-20T10:00:00Z"), ChangeOrigin.api(null, null, null));
        target.replaceLedgerWith(List.of(kept), new LedgerRange(2, 3));

        assertEquals(new CopyOutcome.TargetNotEmpty(StoreSize.EMPTY, 1),
                copy(address -> new Other(target, "target"), false));
        assertEquals(List.of(kept), target.changes());

        assertInstanceOf(CopyOutcome.Copied.class, copy(address -> new Other(target, "target"), true));
        assertAll(
                () -> assertEquals(List.of(), target.changes()),
                () -> assertEquals(LedgerRange.EMPTY, target.ledgerRange()));
    }

    @Test
    void everyRowIsCopiedVersionsIncludedAndTheChecksumsAgree() {
        CopyOutcome outcome = copy(address -> new Other(target, "target"), false);

        CopyOutcome.Copied copied = assertInstanceOf(CopyOutcome.Copied.class, outcome);
        assertAll(
                () -> assertEquals(new StoreSize(2, 1, 1), copied.size()),
                () -> assertEquals("schema version 3", copied.schema()),
                () -> assertEquals(64, copied.checksum().length()),
                () -> assertEquals(List.of(REX, POLLY), target.pets()),
                () -> assertEquals(List.of(ORDER), target.orders()),
                () -> assertEquals(List.of("started 3", "advanced 1", "advanced 2", "advanced 3"), progress));
    }

    @Test
    void aTargetThatHoldsDataIsRefusedUnlessItIsToBeReplaced() {
        target.replaceWith(List.of(POLLY), List.of());

        assertEquals(new CopyOutcome.TargetNotEmpty(new StoreSize(1, 0, 0), 0),
                copy(address -> new Other(target, "target"), false));
        assertEquals(List.of(POLLY), target.pets());

        assertInstanceOf(CopyOutcome.Copied.class, copy(address -> new Other(target, "target"), true));
        assertEquals(List.of(REX, POLLY), target.pets());
    }

    @Test
    void theStoreItselfIsNoTarget() {
        assertEquals(new CopyOutcome.SameStore(), copy(address -> new Other(source, identityOf(source)), false));
    }

    @Test
    void aTargetThatDoesNotHoldWhatWasCopiedIsRolledBack() {
        OtherStores lossy = address -> new Other(target, "target") {
            @Override
            public StoreLoad beginLoad(boolean withOrders) {
                return new DroppingOrders(super.beginLoad(withOrders));
            }
        };

        CopyOutcome.Mismatch mismatch = assertInstanceOf(CopyOutcome.Mismatch.class, copy(lossy, false));

        assertAll(
                () -> assertEquals(new StoreSize(2, 1, 1), mismatch.source()),
                () -> assertEquals(new StoreSize(2, 1, 0), mismatch.target()),
                () -> assertEquals(List.of(), target.pets(), "nothing committed"));
    }

    @Test
    void theChecksumDiffersWhenAnyFieldOfAnyRowDiffers() {
        StoreChecksum one = new StoreChecksum();
        one.add(REX);
        one.add(ORDER);
        StoreChecksum same = new StoreChecksum();
        same.add(REX);
        same.add(ORDER);
        StoreChecksum otherVersion = new StoreChecksum();
        otherVersion.add(CatalogueEntry.stocked(REX.pet(), Quantity.of(12), EntryVersion.of(5)));
        otherVersion.add(ORDER);
        StoreChecksum otherOrder = new StoreChecksum();
        otherOrder.add(REX);
        otherOrder.add(new Order(OrderId.of(1), PetId.of(1), Quantity.of(1), Instant.parse("2026-10-02T09:00:00.000001Z"),
                OrderStatus.PLACED, false));

        String checksum = one.hex();
        assertAll(
                () -> assertEquals(checksum, same.hex()),
                () -> assertEquals(false, checksum.equals(otherVersion.hex())),
                () -> assertEquals(false, checksum.equals(otherOrder.hex())));
    }

    @Test
    void theChecksumDiffersWhenAnyFieldOfTheLedgerDiffers() {
        StockChange change = new StockChange(8, PetId.of(1), Quantity.of(10), Quantity.of(12), EntryVersion.of(4),
                Instant.parse("2026-11-20T10:00:00Z"), ChangeOrigin.api("key-0123456789ab", "req-1", null));
        StockChange otherReason = new StockChange(8, PetId.of(1), Quantity.of(10), Quantity.of(12),
                EntryVersion.of(4), Instant.parse("2026-11-20T10:00:00Z"),
                ChangeOrigin.api("key-0123456789ab", "req-1", ChangeReason.ADJUSTMENT));
        StockChange created = new StockChange(8, PetId.of(1), null, Quantity.of(12), EntryVersion.of(4),
                Instant.parse("2026-11-20T10:00:00Z"), ChangeOrigin.api("key-0123456789ab", "req-1", null));

        String checksum = ledgerChecksum(change, new LedgerRange(7, 8));
        assertAll(
                () -> assertEquals(checksum, ledgerChecksum(change, new LedgerRange(7, 8))),
                () -> assertEquals(false, checksum.equals(ledgerChecksum(otherReason, new LedgerRange(7, 8)))),
                () -> assertEquals(false, checksum.equals(ledgerChecksum(created, new LedgerRange(7, 8)))),
                () -> assertEquals(false, checksum.equals(ledgerChecksum(change, new LedgerRange(6, 8)))));
    }

    private static String ledgerChecksum(StockChange change, LedgerRange range) {
        StoreChecksum checksum = new StoreChecksum();
        checksum.add(REX);
        checksum.add(change);
        checksum.add(range);
        return checksum.hex();
    }

    private static String identityOf(InMemoryStore store) {
        try (StoreSnapshot snapshot = store.openSnapshot()) {
            return snapshot.identity();
        }
    }

    /** An in-memory store reached as another database. */
    private static class Other implements OtherStore {

        private final InMemoryStore store;
        private final String identity;

        Other(InMemoryStore store, String identity) {
            this.store = store;
            this.identity = identity;
        }

        @Override
        public String identity() {
            return identity;
        }

        @Override
        public String migrate() {
            return "schema version 3";
        }

        @Override
        public StoreLoad beginLoad(boolean withOrders) {
            return store.beginLoad(withOrders);
        }

        @Override
        public void close() {
        }
    }

    /** A faulty target: it loses the orders it is given. */
    private record DroppingOrders(StoreLoad load) implements StoreLoad {

        @Override
        public StoreSize size() {
            return load.size();
        }

        @Override
        public void stagePet(long line, CatalogueEntry entry) {
            load.stagePet(line, entry);
        }

        @Override
        public void stageOrder(long line, Order order) {
        }

        @Override
        public List<StagingProblem> problems(boolean replace, int limit) {
            return load.problems(replace, limit);
        }

        @Override
        public long problemCount(boolean replace) {
            return load.problemCount(replace);
        }

        @Override
        public StoreChanges changes(boolean replace) {
            return load.changes(replace);
        }

        @Override
        public void apply(boolean replace) {
            load.apply(replace);
        }

        @Override
        public void clear() {
            load.clear();
        }

        @Override
        public LedgerRange ledgerRange() {
            return load.ledgerRange();
        }

        @Override
        public void copyChange(StockChange change) {
            load.copyChange(change);
        }

        @Override
        public void copyLedgerRange(LedgerRange range) {
            load.copyLedgerRange(range);
        }

        @Override
        public StoreSnapshot readBack() {
            return load.readBack();
        }

        @Override
        public void commit() {
            load.commit();
        }

        @Override
        public void close() {
            load.close();
        }
    }
}
