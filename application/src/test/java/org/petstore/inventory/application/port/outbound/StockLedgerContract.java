package org.petstore.inventory.application.port.outbound;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

/**
 * What every {@link StockLedger} must do with the {@link InventoryRepository} that records into it. Each backend's
 * test extends this class and says how to reach both and how to put entries in place; the in-memory fake passes it
 * too. A ledger keeps what earlier tests recorded, so each test reads from the newest change before it on.
 */
public abstract class StockLedgerContract {

    private static final ChangeOrigin ARRIVAL = ChangeOrigin.api("key-a", "request-a", ChangeReason.ARRIVAL);
    private static final ChangeOrigin PLAIN = ChangeOrigin.api(null, null, null);

    /** The repository whose changes the ledger records. */
    protected abstract InventoryRepository repository();

    /** The ledger under test. */
    protected abstract StockLedger ledger();

    /** Removes every entry, then stores exactly the given ones, each at its first version; records nothing. */
    protected abstract void givenOnly(List<InventoryEntry> items);

    private static InventoryEntry item(long petId, int quantity) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), PetStatus.AVAILABLE);
    }

    /** The id of the newest change recorded so far (0 when none). */
    private long newest() {
        long cursor = 0;
        List<StockChange> page;
        while (!(page = ledger().changesAfter(cursor, 500)).isEmpty()) {
            cursor = page.getLast().changeId();
        }
        return cursor;
    }

    @Test
    void anUpdateIsRecordedWithWhatItChangedAndWhoChangedIt() {
        givenOnly(List.of(item(1, 10), item(2, 5)));
        long before = newest();
        Instant start = Instant.now();

        updateQuantity(repository(), PetId.of(1), Quantity.of(14), ARRIVAL);

        List<StockChange> recorded = ledger().changesAfter(before, 10);
        assertEquals(1, recorded.size());
        StockChange change = recorded.getFirst();
        assertTrue(change.changeId() > before);
        assertEquals(PetId.of(1), change.petId());
        assertEquals(Quantity.of(10), change.from());
        assertEquals(Quantity.of(14), change.to());
        assertEquals(EntryVersion.of(2), change.version());
        assertEquals(ARRIVAL, change.origin());
        // the database's clock, which may differ a little from the test's
        assertTrue(Duration.between(start, change.at()).abs().compareTo(Duration.ofMinutes(1)) < 0, change.at()
                + " is not about " + start);
    }

    @Test
    void anOriginWithoutKeyRequestOrReasonIsRecordedAsItIs() {
        givenOnly(List.of(item(1, 10)));
        long before = newest();

        updateQuantity(repository(), PetId.of(1), Quantity.of(11), PLAIN);
        updateQuantity(repository(), PetId.of(1), Quantity.of(12), ChangeOrigin.IMPORT);

        List<StockChange> recorded = ledger().changesAfter(before, 10);
        assertEquals(List.of(PLAIN, ChangeOrigin.IMPORT), recorded.stream().map(StockChange::origin).toList());
    }

    @Test
    void aConditionalUpdateIsRecordedOnlyWhenItChangedTheEntry() {
        givenOnly(List.of(item(1, 10)));
        long before = newest();

        ChangeOutcome made = updateQuantity(repository(), PetId.of(1), Quantity.of(3),
                ExpectedVersions.oneOf(EntryVersion.FIRST), ARRIVAL);
        ChangeOutcome stale = updateQuantity(repository(), PetId.of(1), Quantity.of(4),
                ExpectedVersions.oneOf(EntryVersion.FIRST), ARRIVAL);
        ChangeOutcome unknown = updateQuantity(repository(), PetId.of(9), Quantity.of(4),
                ExpectedVersions.oneOf(EntryVersion.FIRST), ARRIVAL);
        updateQuantity(repository(), PetId.of(9), Quantity.of(4), ARRIVAL);

        assertInstanceOf(ChangeOutcome.Applied.class, made);
        assertEquals(new ChangeOutcome.Refused(0, new ChangeDecision.Stale(PetId.of(1))), stale);
        assertEquals(new ChangeOutcome.Refused(0, new ChangeDecision.NotFound(PetId.of(9))), unknown);
        List<StockChange> recorded = ledger().changesAfter(before, 10);
        assertEquals(1, recorded.size());
        assertEquals(Quantity.of(10), recorded.getFirst().from());
        assertEquals(Quantity.of(3), recorded.getFirst().to());
        assertEquals(EntryVersion.of(2), recorded.getFirst().version());
    }

    @Test
    void theFeedReturnsTheChangesAfterTheCursorOldestFirstAtMostTheLimit() {
        givenOnly(List.of(item(1, 0), item(2, 0)));
        long before = newest();
        for (int quantity = 1; quantity <= 5; quantity++) {
            updateQuantity(repository(), PetId.of(quantity % 2 + 1), Quantity.of(quantity), PLAIN);
        }

        List<StockChange> all = ledger().changesAfter(before, 10);
        assertEquals(List.of(1, 2, 3, 4, 5), all.stream().map(change -> change.to().value()).toList());
        assertIncreasing(all);
        List<StockChange> firstTwo = ledger().changesAfter(before, 2);
        assertEquals(all.subList(0, 2), firstTwo);
        assertEquals(all.subList(2, 5), ledger().changesAfter(firstTwo.getLast().changeId(), 10));
        assertEquals(List.of(), ledger().changesAfter(all.getLast().changeId(), 10));
    }

    @Test
    void anEntrysHistoryIsItsChangesNewestFirstBeforeTheCursor() {
        // pets that no other test changes: the ledger keeps the history of every earlier test
        givenOnly(List.of(item(41, 0), item(42, 0)));
        for (int quantity = 1; quantity <= 6; quantity++) {
            updateQuantity(repository(), PetId.of(quantity % 2 + 41), Quantity.of(quantity), PLAIN);
        }

        List<StockChange> history = ledger().changesOf(PetId.of(41), Long.MAX_VALUE, 2);
        assertEquals(List.of(6, 4), history.stream().map(change -> change.to().value()).toList());
        assertEquals(List.of(4, 2), history.stream().map(change -> change.from().value()).toList());
        List<StockChange> older = ledger().changesOf(PetId.of(41), history.getLast().changeId(), 2);
        assertEquals(1, older.size());
        assertEquals(PetId.of(41), older.getFirst().petId());
        assertEquals(Quantity.of(0), older.getFirst().from());
        assertEquals(Quantity.of(2), older.getFirst().to());
        assertEquals(List.of(6, 4, 2), ledger().changesOf(PetId.of(41), Long.MAX_VALUE, 500).stream()
                .map(change -> change.to().value()).toList());
        assertEquals(List.of(), ledger().changesOf(PetId.of(77), Long.MAX_VALUE, 3));
    }

    /**
     * Concurrent updates, of the same pets and of others, unconditional and conditional: every change that was made
     * is recorded once, the ids follow the order of the changes, and each entry's records chain: each starts from
     * the count the one before it left, at the next version.
     */
    @Test
    void concurrentUpdatesAreEachRecordedOnceInTheOrderTheyWereMade() throws Exception {
        givenOnly(List.of(item(1, 0), item(2, 0), item(3, 0)));
        long before = newest();
        int threads = 8;
        int updatesPerThread = 25;
        List<Callable<Integer>> work = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            work.add(() -> {
                int made = 0;
                for (int i = 0; i < updatesPerThread; i++) {
                    PetId pet = PetId.of((thread + i) % 3 + 1);
                    Quantity quantity = Quantity.of(thread * 1000 + i + 1); // never the count before it
                    if (i % 4 == 3) {
                        InventoryEntry seen = repository().findByPetId(pet).orElseThrow();
                        ChangeOutcome update = updateQuantity(repository(), pet, quantity,
                                ExpectedVersions.oneOf(seen.version()), PLAIN);
                        made += update instanceof ChangeOutcome.Applied ? 1 : 0;
                    } else {
                        updateQuantity(repository(), pet, quantity, PLAIN).orElseThrow();
                        made++;
                    }
                }
                return made;
            });
        }
        int made = 0;
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (Future<Integer> result : pool.invokeAll(work)) {
                made += result.get();
            }
        }

        List<StockChange> recorded = new ArrayList<>();
        long cursor = before;
        List<StockChange> page;
        while (!(page = ledger().changesAfter(cursor, 100)).isEmpty()) {
            recorded.addAll(page);
            cursor = page.getLast().changeId();
        }
        assertEquals(made, recorded.size());
        assertIncreasing(recorded);
        Map<PetId, StockChange> last = new HashMap<>();
        for (StockChange change : recorded) {
            StockChange previous = last.put(change.petId(), change);
            Quantity expectedFrom = previous == null ? Quantity.of(0) : previous.to();
            EntryVersion expectedVersion = previous == null ? EntryVersion.of(2) : previous.version().next();
            assertEquals(expectedFrom, change.from(), "change " + change.changeId());
            assertEquals(expectedVersion, change.version(), "change " + change.changeId());
        }
        for (Map.Entry<PetId, StockChange> entry : last.entrySet()) {
            InventoryEntry now = repository().findByPetId(entry.getKey()).orElseThrow();
            assertEquals(entry.getValue().to(), now.quantity());
            assertEquals(entry.getValue().version(), now.version());
        }
    }

    private static void assertIncreasing(List<StockChange> changes) {
        for (int i = 1; i < changes.size(); i++) {
            assertTrue(changes.get(i - 1).changeId() < changes.get(i).changeId(), changes.toString());
        }
    }
}
