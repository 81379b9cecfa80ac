package org.petstore.inventory.application.port.outbound;

import static org.petstore.inventory.application.port.outbound.Updates.applied;
import static org.petstore.inventory.application.port.outbound.Updates.refused;
import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * What every {@link InventoryRepository} must do. Each backend's test extends this class and says how to reach its
 * repository and how to put entries in place; the in-memory fake passes it too.
 */
public abstract class InventoryRepositoryContract {

    protected static final InventoryEntry DOG = item(1, 10, PetStatus.AVAILABLE);
    protected static final InventoryEntry CAT = item(2, 0, PetStatus.SOLD);
    protected static final InventoryEntry PARROT = item(30, 4, PetStatus.PENDING);

    /** Who the contract's changes come from: a client of the API. */
    protected static final ChangeOrigin BY_API = ChangeOrigin.api("key-1", "request-1", null);

    /** The repository under test. */
    protected abstract InventoryRepository repository();

    /** Removes every entry, then stores exactly the given ones. */
    protected abstract void givenOnly(List<InventoryEntry> items);

    /**
     * Removes every entry, then stores the entries of pets 1 to {@code count}, each as {@link #numbered} describes
     * it: the fastest way the backend has (plain SQL for a database), for lists too large to pass as objects.
     */
    protected abstract void givenOnlyNumbered(int count);

    /**
     * What the store holds for reads in progress: for a pooled database the pool's active connections, for the
     * in-memory fake its open streams. 0 when every stream has been closed.
     */
    protected abstract int activeConnections();

    /** A list far larger than any test fixture, so a backend that loads it whole is slow to fail, never silent. */
    protected static final int LARGE = 50_000;

    protected static InventoryEntry item(long petId, int quantity, PetStatus status) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), status);
    }

    /**
     * The entry of pet {@code petId} in {@link #givenOnlyNumbered}: quantity {@code petId % 1000}; status
     * {@code available} when {@code petId % 3} is 1, {@code pending} when 2, {@code sold} when 0.
     */
    public static InventoryEntry numbered(long petId) {
        PetStatus status = switch ((int) (petId % 3)) {
            case 1 -> PetStatus.AVAILABLE;
            case 2 -> PetStatus.PENDING;
            default -> PetStatus.SOLD;
        };
        return item(petId, (int) (petId % 1000), status);
    }

    /** Every entry, read through {@link InventoryRepository#streamAll()} and closed. */
    protected List<InventoryEntry> all() {
        try (InventorySnapshot all = repository().streamAll()) {
            return all.items().toList();
        }
    }

    @BeforeEach
    void storeFixture() {
        givenOnly(List.of(PARROT, DOG, CAT));
    }

    @Test
    void streamAllListsEveryEntryInPetIdOrder() {
        assertEquals(List.of(DOG, CAT, PARROT), all());
    }

    @Test
    void streamAllOfAnEmptyStoreIsEmpty() {
        givenOnly(List.of());
        assertEquals(List.of(), all());
        assertEquals(0, activeConnections());
    }

    @Test
    void anOpenStreamHoldsTheStoreUntilItIsClosed() {
        InventorySnapshot all = repository().streamAll();
        Iterator<InventoryEntry> entries = all.items().iterator();
        assertEquals(DOG, entries.next());
        assertEquals(1, activeConnections());

        all.close();
        assertEquals(0, activeConnections());

        all.close();
        assertEquals(0, activeConnections());
    }

    @Test
    void aStreamClosedBeforeItsFirstEntryReleasesTheStore() {
        InventorySnapshot all = repository().streamAll();
        assertEquals(1, activeConnections());

        all.close();
        assertEquals(0, activeConnections());
    }

    @Test
    void aStreamClosedOnAnotherThreadReleasesTheStore() throws Exception {
        InventorySnapshot all = repository().streamAll();
        assertEquals(DOG, all.items().iterator().next());

        Thread closer = Thread.ofPlatform().start(all::close);
        closer.join();

        assertEquals(0, activeConnections());
    }

    @Test
    void aLargeListStreamsInPetIdOrderAndReleasesTheStore() {
        givenOnlyNumbered(LARGE);

        long read = 0;
        try (InventorySnapshot all = repository().streamAll()) {
            assertEquals(new InventoryVersion(LARGE, LARGE, 0), all.version());
            Iterator<InventoryEntry> entries = all.items().iterator();
            while (entries.hasNext()) {
                InventoryEntry entry = entries.next();
                read++;
                if (!numbered(read).equals(entry)) {
                    assertEquals(numbered(read), entry, "entry " + read);
                }
            }
        }

        assertEquals(LARGE, read);
        assertEquals(0, activeConnections());
    }

    @Test
    void aLargeListClosedEarlyReleasesTheStore() {
        givenOnlyNumbered(LARGE);

        try (InventorySnapshot all = repository().streamAll()) {
            assertEquals(List.of(numbered(1), numbered(2), numbered(3)), all.items().limit(3).toList());
        }

        assertEquals(0, activeConnections());
    }

    @Test
    void anUpdateCompletesWhileAListIsBeingRead() {
        try (InventorySnapshot all = repository().streamAll()) {
            Iterator<InventoryEntry> entries = all.items().iterator();
            assertEquals(DOG, entries.next());

            assertEquals(Optional.of(PARROT.withQuantity(Quantity.of(5))),
                    updateQuantity(repository(), PetId.of(30), Quantity.of(5), BY_API));

            List<Long> rest = new ArrayList<>();
            entries.forEachRemaining(entry -> rest.add(entry.petId().value()));
            assertEquals(List.of(2L, 30L), rest);
        }
        assertEquals(0, activeConnections());
    }

    @Test
    void findByPetIdReturnsTheEntry() {
        assertEquals(Optional.of(PARROT), repository().findByPetId(PetId.of(30)));
    }

    @Test
    void findByPetIdOfAnUnknownPetIsEmpty() {
        assertEquals(Optional.empty(), repository().findByPetId(PetId.of(3)));
        assertEquals(Optional.empty(), repository().findByPetId(PetId.of(Long.MAX_VALUE)));
    }

    @Test
    void updateQuantityStoresTheNewCountAndKeepsTheStatus() {
        InventoryEntry stored = updateQuantity(repository(), PetId.of(1), Quantity.of(3), BY_API).orElseThrow();

        assertEquals(DOG.withQuantity(Quantity.of(3)), stored);
        assertEquals(Optional.of(stored), repository().findByPetId(PetId.of(1)));
        assertEquals(List.of(stored, CAT, PARROT), all());
    }

    @Test
    void updateQuantityReturnsTheEntryWithItsPetsStatus() {
        assertEquals(Optional.of(item(1, 11, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2))),
                updateQuantity(repository(), PetId.of(1), Quantity.of(11), BY_API));
        assertEquals(Optional.of(item(2, 12, PetStatus.SOLD).atVersion(EntryVersion.of(2))),
                updateQuantity(repository(), PetId.of(2), Quantity.of(12), BY_API));
        assertEquals(Optional.of(item(30, 13, PetStatus.PENDING).atVersion(EntryVersion.of(2))),
                updateQuantity(repository(), PetId.of(30), Quantity.of(13), BY_API));
    }

    @Test
    void updateQuantityStoresTheBoundaryCounts() {
        updateQuantity(repository(), PetId.of(2), Quantity.of(Integer.MAX_VALUE), BY_API);
        assertEquals(Optional.of(item(2, Integer.MAX_VALUE, PetStatus.SOLD).atVersion(EntryVersion.of(2))),
                repository().findByPetId(PetId.of(2)));

        updateQuantity(repository(), PetId.of(2), Quantity.of(0), BY_API);
        assertEquals(Optional.of(item(2, 0, PetStatus.SOLD).atVersion(EntryVersion.of(3))),
                repository().findByPetId(PetId.of(2)));
    }

    @Test
    void updateQuantityOfAnUnknownPetFindsNothingAndCreatesNothing() {
        assertEquals(Optional.empty(), updateQuantity(repository(), PetId.of(3), Quantity.of(1), BY_API));
        assertEquals(Optional.empty(), updateQuantity(repository(), PetId.of(Long.MAX_VALUE), Quantity.of(1), BY_API));

        assertEquals(List.of(DOG, CAT, PARROT), all());
    }

    @Test
    void concurrentUpdatesOfOneEntryLeaveExactlyOneOfTheSentValues() throws Exception {
        List<Integer> sent = IntStream.rangeClosed(1, 64).map(n -> n * 100).boxed().toList();

        runConcurrently(sent.stream()
                .<Runnable>map(quantity -> () -> updateQuantity(repository(), PetId.of(1), Quantity.of(quantity), BY_API)
                        .orElseThrow())
                .toList());

        InventoryEntry stored = repository().findByPetId(PetId.of(1)).orElseThrow();
        assertTrue(sent.contains(stored.quantity().value()), "stored " + stored.quantity() + " was never sent");
        assertEquals(PetStatus.AVAILABLE, stored.status());
        assertEquals(EntryVersion.of(1 + sent.size()), stored.version(), "one version per update, none lost");
    }

    @Test
    void concurrentUpdatesOfDifferentEntriesDoNotInterfere() throws Exception {
        List<InventoryEntry> entries = new ArrayList<>();
        for (long petId = 100; petId < 132; petId++) {
            entries.add(item(petId, 0, PetStatus.AVAILABLE));
        }
        givenOnly(entries);

        runConcurrently(entries.stream()
                .<Runnable>map(entry -> () -> updateQuantity(repository(), 
                        entry.petId(), Quantity.of((int) entry.petId().value() * 2), BY_API).orElseThrow())
                .toList());

        List<InventoryEntry> expected = entries.stream()
                .map(entry -> entry.withQuantity(Quantity.of((int) entry.petId().value() * 2)))
                .toList();
        assertEquals(expected, all());
    }

    @Test
    void everyEntryStartsAtTheFirstVersion() {
        assertEquals(List.of(EntryVersion.FIRST, EntryVersion.FIRST, EntryVersion.FIRST),
                all().stream().map(InventoryEntry::version).toList());
    }

    @Test
    void everyWriteThatChangesTheCountMovesTheEntryToItsNextVersion() {
        for (long expected = 2; expected <= 4; expected++) {
            InventoryEntry stored = updateQuantity(repository(), PetId.of(1), Quantity.of(10 + expected), BY_API)
                    .orElseThrow();
            assertEquals(EntryVersion.of(expected), stored.version());
        }

        InventoryEntry changed = DOG.withQuantity(Quantity.of(14)).atVersion(EntryVersion.of(4));
        assertEquals(Optional.of(changed), repository().findByPetId(PetId.of(1)));
        assertEquals(List.of(changed, CAT, PARROT), all());
    }

    @Test
    void aSetToTheCurrentCountChangesNothingAndAnswersTheEntryAsItIs() {
        InventoryVersion before = repository().currentVersion();

        assertEquals(Optional.of(DOG), updateQuantity(repository(), PetId.of(1), DOG.quantity(), BY_API));
        assertEquals(applied(DOG), updateQuantity(repository(), PetId.of(1), DOG.quantity(),
                ExpectedVersions.oneOf(EntryVersion.FIRST), BY_API));

        assertEquals(List.of(DOG, CAT, PARROT), all());
        assertEquals(before, repository().currentVersion());
    }

    @Test
    void aStoredVersionIsKept() {
        InventoryEntry changedOften = item(5, 1, PetStatus.SOLD).atVersion(EntryVersion.of(Long.MAX_VALUE / 2));
        givenOnly(List.of(changedOften));

        assertEquals(List.of(changedOften), all());
        assertEquals(Optional.of(changedOften.withQuantity(Quantity.of(2))),
                updateQuantity(repository(), PetId.of(5), Quantity.of(2), BY_API));
    }

    @Test
    void theListsVersionDescribesExactlyItsEntriesAndIsKnownBeforeTheFirst() {
        try (InventorySnapshot all = repository().streamAll()) {
            assertEquals(new InventoryVersion(3, 3, 0), all.version());
            assertEquals(InventoryVersion.of(List.of(DOG, CAT, PARROT)), all.version());
            assertEquals(List.of(DOG, CAT, PARROT), all.items().toList());
        }
        assertEquals(0, activeConnections());
    }

    @Test
    void theVersionOfAnEmptyStoreIsEmpty() {
        givenOnly(List.of());

        try (InventorySnapshot all = repository().streamAll()) {
            assertEquals(InventoryVersion.EMPTY, all.version());
            assertEquals(List.of(), all.items().toList());
        }
        assertEquals(InventoryVersion.EMPTY, repository().currentVersion());
        assertEquals(0, activeConnections());
    }

    @Test
    void theCurrentVersionIsTheVersionOfAListReadNow() {
        assertEquals(new InventoryVersion(3, 3, 0), repository().currentVersion());
        try (InventorySnapshot all = repository().streamAll()) {
            assertEquals(repository().currentVersion(), all.version());
        }
        assertEquals(0, activeConnections());
    }

    @Test
    void theListsVersionStaysTheSameWithoutWritesAndChangesWithEveryUpdate() {
        InventoryVersion before = repository().currentVersion();
        assertEquals(before, repository().currentVersion());
        assertEquals(before, versionOfAList());

        updateQuantity(repository(), PetId.of(30), Quantity.of(7), BY_API);
        InventoryVersion afterOne = repository().currentVersion();
        assertNotEquals(before, afterOne);
        assertEquals(afterOne, versionOfAList());

        updateQuantity(repository(), PetId.of(1), Quantity.of(11), BY_API);
        assertNotEquals(afterOne, repository().currentVersion());
        assertEquals(new InventoryVersion(3, 5, 0), repository().currentVersion());
    }

    @Test
    void aListKeepsTheEntriesOfItsVersionWhileTheStoreChanges() {
        List<InventoryEntry> read = new ArrayList<>();
        try (InventorySnapshot all = repository().streamAll()) {
            Iterator<InventoryEntry> entries = all.items().iterator();
            read.add(entries.next());

            updateQuantity(repository(), PetId.of(30), Quantity.of(99), BY_API).orElseThrow();
            updateQuantity(repository(), PetId.of(2), Quantity.of(98), BY_API).orElseThrow();

            entries.forEachRemaining(read::add);
            assertEquals(List.of(DOG, CAT, PARROT), read);
            assertEquals(InventoryVersion.of(read), all.version());
        }
        assertEquals(new InventoryVersion(3, 5, 0), repository().currentVersion());
        assertEquals(0, activeConnections());
    }

    @Test
    void aConditionalUpdateAtAnExpectedVersionStoresTheCountAsTheNextVersion() {
        assertEquals(applied(DOG.withQuantity(Quantity.of(7))),
                updateQuantity(repository(), PetId.of(1), Quantity.of(7), ExpectedVersions.oneOf(EntryVersion.FIRST), BY_API));
        assertEquals(applied(item(1, 8, PetStatus.AVAILABLE).atVersion(EntryVersion.of(3))),
                updateQuantity(repository(), PetId.of(1), Quantity.of(8),
                        ExpectedVersions.oneOf(EntryVersion.of(9), EntryVersion.of(2), EntryVersion.of(5)), BY_API));

        assertEquals(List.of(item(1, 8, PetStatus.AVAILABLE).atVersion(EntryVersion.of(3)), CAT, PARROT), all());
    }

    @Test
    void aConditionalUpdateAtAnyVersionStoresTheCountOfAnExistingEntry() {
        assertEquals(applied(CAT.withQuantity(Quantity.of(Integer.MAX_VALUE))),
                updateQuantity(repository(), PetId.of(2), Quantity.of(Integer.MAX_VALUE), ExpectedVersions.any(), BY_API));
        assertEquals(List.of(DOG, CAT.withQuantity(Quantity.of(Integer.MAX_VALUE)), PARROT), all());
    }

    @Test
    void aConditionalUpdateOfAStaleEntryChangesNothing() {
        updateQuantity(repository(), PetId.of(1), Quantity.of(11), BY_API).orElseThrow();
        InventoryEntry current = repository().findByPetId(PetId.of(1)).orElseThrow();
        InventoryVersion before = repository().currentVersion();

        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), updateQuantity(repository(), PetId.of(1), Quantity.of(0),
                ExpectedVersions.oneOf(EntryVersion.FIRST), BY_API));
        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), updateQuantity(repository(), PetId.of(1), Quantity.of(0),
                ExpectedVersions.oneOf(EntryVersion.FIRST, EntryVersion.of(3)), BY_API));
        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), updateQuantity(repository(), PetId.of(1), Quantity.of(0),
                ExpectedVersions.oneOf(List.of()), BY_API));

        assertEquals(Optional.of(current), repository().findByPetId(PetId.of(1)));
        assertEquals(before, repository().currentVersion());
        assertEquals(List.of(current, CAT, PARROT), all());
    }

    @Test
    void aConditionalUpdateOfAnUnknownPetFindsNothingAndCreatesNothing() {
        for (ExpectedVersions expected : List.of(ExpectedVersions.any(), ExpectedVersions.oneOf(EntryVersion.FIRST),
                ExpectedVersions.oneOf(List.of()))) {
            assertEquals(refused(new ChangeDecision.NotFound(PetId.of(3))),
                    updateQuantity(repository(), PetId.of(3), Quantity.of(1), expected, BY_API));
            assertEquals(refused(new ChangeDecision.NotFound(PetId.of(Long.MAX_VALUE))),
                    updateQuantity(repository(), PetId.of(Long.MAX_VALUE), Quantity.of(1), expected, BY_API));
        }

        assertEquals(List.of(DOG, CAT, PARROT), all());
    }

    @Test
    void ofConcurrentConditionalUpdatesExpectingTheSameVersionExactlyOneSucceeds() throws Exception {
        List<Integer> sent = IntStream.rangeClosed(1, 16).map(n -> n * 100).boxed().toList();

        List<ChangeOutcome> results = concurrently(sent.stream()
                .<Callable<ChangeOutcome>>map(quantity -> () -> updateQuantity(repository(), 
                        PetId.of(1), Quantity.of(quantity), ExpectedVersions.oneOf(EntryVersion.FIRST), BY_API))
                .toList());

        List<ChangeOutcome.Applied> winners = results.stream()
                .filter(ChangeOutcome.Applied.class::isInstance).map(ChangeOutcome.Applied.class::cast).toList();
        assertEquals(1, winners.size(), "updates that succeeded: " + results);
        assertEquals(15, results.stream().filter(refused(new ChangeDecision.Stale(PetId.of(1)))::equals).count(),
                results.toString());

        InventoryEntry winner = winners.getFirst().entries().getFirst();
        assertTrue(sent.contains(winner.quantity().value()), "stored " + winner.quantity() + " was never sent");
        assertEquals(EntryVersion.of(2), winner.version());
        assertEquals(Optional.of(winner), repository().findByPetId(PetId.of(1)));
    }

    private InventoryVersion versionOfAList() {
        try (InventorySnapshot all = repository().streamAll()) {
            return all.version();
        }
    }

    private static <T> List<T> concurrently(List<Callable<T>> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService executor = Executors.newFixedThreadPool(tasks.size())) {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(executor.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        }
    }

    private static void runConcurrently(List<Runnable> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService executor = Executors.newFixedThreadPool(16)) {
            List<Future<?>> futures = new ArrayList<>();
            for (Runnable task : tasks) {
                futures.add(executor.submit(() -> {
                    start.await();
                    task.run();
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get();
            }
        }
    }
}
