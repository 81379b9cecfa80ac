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
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
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

        assertEquals(new CopyOutcome.TargetNotEmpty(new StoreSize(1, 0, 0)),
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
