package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.StockMovement;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/** How concurrent updates share statements, against a store in memory that records every statement it runs. */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class UpdateCombinerTest {

    private static final ChangeOrigin ORIGIN = ChangeOrigin.api("key-1", null, null);

    private static final DatabaseDeadlines DEADLINES = new DatabaseDeadlines(10_000L);

    /** How a statement runs, on any connection: the entries as they were before, by pet. */
    @FunctionalInterface
    private interface Statement {
        Map<Long, InventoryEntry> run(long[] petIds, Integer[] quantities) throws SQLException;
    }

    /** Sets the pet's count through the combiner: the entry as stored, or none when the pet has no entry. */
    private static Optional<InventoryEntry> update(UpdateCombiner combiner, PetId petId, Quantity quantity) {
        return switch (combiner.change(new EntryChange(petId, new StockMovement.SetTo(quantity), ORIGIN))) {
            case ChangeOutcome.Applied applied -> Optional.of(applied.entries().getFirst());
            case ChangeOutcome.Refused(int _, ChangeDecision.NotFound _) -> Optional.empty();
            case ChangeOutcome refused -> throw new AssertionError(refused);
        };
    }

    private static UpdateCombiner.Store storeOf(Statement statement) {
        return new UpdateCombiner.Store() {
            @Override
            public Connection connection() {
                return fakeConnection();
            }

            @Override
            public Map<Long, InventoryEntry> change(Connection connection, List<EntryChange> changes)
                    throws SQLException {
                return statement.run(petIds(changes), quantities(changes));
            }
        };
    }

    private static long[] petIds(List<EntryChange> changes) {
        return changes.stream().mapToLong(change -> change.petId().value()).toArray();
    }

    private static Integer[] quantities(List<EntryChange> changes) {
        return changes.stream().map(change -> ((StockMovement.SetTo) change.movement()).quantity().value())
                .toArray(Integer[]::new);
    }

    /** A connection that takes its network timeout and closes; the store in memory needs nothing else of it. */
    private static Connection fakeConnection() {
        return (Connection) Proxy.newProxyInstance(UpdateCombinerTest.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, arguments) -> switch (method.getName()) {
                    case "getAutoCommit", "isValid" -> true;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == arguments[0];
                    default -> null;
                });
    }

    /** A store of entries for pets 1..100 at version 1; pet 0 has none. Records the pets of every statement. */
    private static final class RecordingStore implements UpdateCombiner.Store {

        final Map<Long, InventoryEntry> entries = new HashMap<>();
        final List<long[]> statements = new CopyOnWriteArrayList<>();
        volatile CountDownLatch hold = new CountDownLatch(0);

        RecordingStore() {
            for (long pet = 1; pet <= 100; pet++) {
                entries.put(pet, new InventoryEntry(PetId.of(pet), Quantity.of(0), PetStatus.AVAILABLE,
                        EntryVersion.of(1)));
            }
        }

        @Override
        public Connection connection() {
            return fakeConnection();
        }

        @Override
        public Map<Long, InventoryEntry> change(Connection connection, List<EntryChange> changes) {
            long[] petIds = petIds(changes);
            Integer[] quantities = quantities(changes);
            statements.add(petIds);
            try {
                assertTrue(hold.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            Map<Long, InventoryEntry> before = new HashMap<>();
            synchronized (entries) {
                for (int i = 0; i < petIds.length; i++) {
                    InventoryEntry entry = entries.get(petIds[i]);
                    if (entry != null) {
                        before.put(petIds[i], entry);
                        entries.put(petIds[i], new InventoryEntry(entry.petId(), Quantity.of(quantities[i]),
                                entry.status(), EntryVersion.of(entry.version().value() + 1)));
                    }
                }
            }
            return before;
        }
    }

    @Test
    void aLoneUpdateIsAStatementOfItsOwnAndAnswersTheEntryAsStored() {
        RecordingStore store = new RecordingStore();
        UpdateCombiner combiner = new UpdateCombiner(store, DEADLINES);

        Optional<InventoryEntry> updated = update(combiner, PetId.of(7), Quantity.of(42));

        assertEquals(Optional.of(new InventoryEntry(PetId.of(7), Quantity.of(42), PetStatus.AVAILABLE,
                EntryVersion.of(2))), updated);
        assertEquals(1, store.statements.size());
        assertEquals(List.of(7L), Arrays.stream(store.statements.getFirst()).boxed().toList());
    }

    @Test
    void anUpdateOfAPetWithoutAnEntryFindsNothing() {
        UpdateCombiner combiner = new UpdateCombiner(new RecordingStore(), DEADLINES);

        assertEquals(Optional.empty(), update(combiner, PetId.of(1000), Quantity.of(1)));
    }

    @Test
    void updatesThatArriveWhileStatementsRunShareTheNextStatementsWithNoPetTwice() throws Exception {
        RecordingStore store = new RecordingStore();
        store.hold = new CountDownLatch(1);
        UpdateCombiner combiner = new UpdateCombiner(store, DEADLINES);
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Optional<InventoryEntry>>> answers = new ArrayList<>();
            // the first statement starts and waits; the 60 updates behind it wait in line
            answers.add(clients.submit(() -> update(combiner, PetId.of(1), Quantity.of(1))));
            waitFor(() -> store.statements.size() == 1);
            for (int i = 0; i < 60; i++) {
                long pet = 1 + i % 20; // every pet three times
                int quantity = 100 + i;
                answers.add(clients.submit(() -> update(combiner, PetId.of(pet), Quantity.of(quantity))));
            }
            Thread.sleep(200);
            store.hold.countDown();

            Map<Long, List<Long>> versionsOfPet = new HashMap<>();
            for (Future<Optional<InventoryEntry>> answer : answers) {
                InventoryEntry entry = answer.get(10, TimeUnit.SECONDS).orElseThrow();
                versionsOfPet.computeIfAbsent(entry.petId().value(), pet -> new ArrayList<>())
                        .add(entry.version().value());
            }
            // each update of a pet produced a version of its own: 2, 3, ... one more per update
            for (long pet = 1; pet <= 20; pet++) {
                int updates = pet == 1 ? 4 : 3;
                List<Long> versions = versionsOfPet.get(pet).stream().sorted().toList();
                assertEquals(java.util.stream.LongStream.rangeClosed(2, 1 + updates).boxed().toList(), versions,
                        "versions answered for pet " + pet);
                assertEquals(EntryVersion.of(1 + updates), store.entries.get(pet).version());
            }
        }
        for (long[] statement : store.statements) {
            assertEquals(statement.length, Arrays.stream(statement).distinct().count(), "a pet twice in a statement");
            assertTrue(statement.length <= UpdateCombiner.MAX_ENTRIES);
        }
        // the first update alone, then 20 pets three times: three statements of 20
        assertEquals(4, store.statements.size());
    }

    @Test
    void aFailedStatementFailsEveryUpdateInItAndChangesNothing() throws Exception {
        StorageUnavailableException down = new StorageUnavailableException("The database cannot be reached",
                new SQLTransientConnectionException("down", "08001"));
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch hold = new CountDownLatch(1);
        UpdateCombiner combiner = new UpdateCombiner(storeOf((petIds, quantities) -> {
            runs.incrementAndGet();
            try {
                hold.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            throw down;
        }), DEADLINES);
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Optional<InventoryEntry>>> answers = new ArrayList<>();
            for (int pet = 1; pet <= 10; pet++) {
                long id = pet;
                answers.add(clients.submit(() -> update(combiner, PetId.of(id), Quantity.of(1))));
            }
            Thread.sleep(100);
            hold.countDown();
            for (Future<Optional<InventoryEntry>> answer : answers) {
                Exception failure = assertThrows(Exception.class, () -> answer.get(10, TimeUnit.SECONDS));
                assertSame(down, failure.getCause());
            }
        }
        assertTrue(runs.get() >= 1);
    }

    @Test
    void aStatementAbortedToResolveADeadlockIsRetried() {
        AtomicInteger runs = new AtomicInteger();
        UpdateCombiner combiner = new UpdateCombiner(storeOf((petIds, quantities) -> {
            if (runs.incrementAndGet() == 1) {
                throw new SQLException("deadlock detected", "40P01");
            }
            return Map.of(petIds[0], new InventoryEntry(PetId.of(petIds[0]), Quantity.of(0), PetStatus.SOLD,
                    EntryVersion.of(1)));
        }), DEADLINES);

        assertEquals(Optional.of(new InventoryEntry(PetId.of(3), Quantity.of(9), PetStatus.SOLD, EntryVersion.of(2))),
                update(combiner, PetId.of(3), Quantity.of(9)));
        assertEquals(2, runs.get());
    }

    @Test
    void aStatementThatKeepsDeadlockingFailsAfterItsAttempts() {
        AtomicInteger runs = new AtomicInteger();
        UpdateCombiner combiner = new UpdateCombiner(storeOf((petIds, quantities) -> {
            runs.incrementAndGet();
            throw new SQLException("deadlock detected", "40P01");
        }), DEADLINES);

        assertThrows(RuntimeException.class, () -> update(combiner, PetId.of(3), Quantity.of(9)));
        assertEquals(DatabaseCalls.ATTEMPTS, runs.get());
    }

    @Test
    void everyUpdateIsAnsweredUnderLoad() throws Exception {
        RecordingStore store = new RecordingStore();
        UpdateCombiner combiner = new UpdateCombiner(store, DEADLINES);
        Map<Long, AtomicInteger> updatesOfPet = new ConcurrentHashMap<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int client = 0; client < 32; client++) {
                int seed = client;
                done.add(clients.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        long pet = 1 + (seed * 31L + i * 7L) % 100;
                        assertTrue(update(combiner, PetId.of(pet), Quantity.of(i)).isPresent());
                        updatesOfPet.computeIfAbsent(pet, p -> new AtomicInteger()).incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> client : done) {
                client.get(30, TimeUnit.SECONDS);
            }
        }
        updatesOfPet.forEach((pet, updates) ->
                assertEquals(EntryVersion.of(1 + updates.get()), store.entries.get(pet).version(), "pet " + pet));
    }

    @Test
    void anUpdateWaitingInLinePastItsDeadlineIsWithdrawnAnsweredUnavailableAndNeverSent() throws Exception {
        RecordingStore store = new RecordingStore();
        store.hold = new CountDownLatch(1);
        UpdateCombiner combiner = new UpdateCombiner(store, new DatabaseDeadlines(300L));
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Optional<InventoryEntry>> first = clients.submit(() -> update(combiner, PetId.of(1), Quantity.of(1)));
            waitFor(() -> store.statements.size() == 1);
            long start = System.nanoTime();
            Future<Optional<InventoryEntry>> second = clients.submit(
                    () -> update(combiner, PetId.of(2), Quantity.of(2)));

            Exception failure = assertThrows(Exception.class, () -> second.get(10, TimeUnit.SECONDS));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(failure.getCause() instanceof StorageUnavailableException, failure.toString());
            assertTrue(millis >= 290 && millis < 1_000, "answered after " + millis + " ms");

            store.hold.countDown();
            assertTrue(first.get(10, TimeUnit.SECONDS).isPresent());
        }
        assertEquals(1, store.statements.size());
        assertEquals(EntryVersion.of(1), store.entries.get(2L).version());
    }

    @Test
    void updatesWhoseStatementWaitsForAConnectionPastTheirDeadlineAreAnsweredUnavailableInTime() throws Exception {
        CountDownLatch poolAnswers = new CountDownLatch(1);
        AtomicInteger sent = new AtomicInteger();
        UpdateCombiner combiner = new UpdateCombiner(new UpdateCombiner.Store() {
            @Override
            public Connection connection() {
                try {
                    poolAnswers.await(10, TimeUnit.SECONDS); // a pool whose connections are all stuck
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return fakeConnection();
            }

            @Override
            public Map<Long, InventoryEntry> change(Connection connection, List<EntryChange> changes) {
                sent.incrementAndGet();
                return Map.of();
            }
        }, new DatabaseDeadlines(300L));
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            long start = System.nanoTime();
            List<Future<Optional<InventoryEntry>>> answers = new ArrayList<>();
            for (int pet = 1; pet <= 5; pet++) {
                long id = pet;
                answers.add(clients.submit(() -> update(combiner, PetId.of(id), Quantity.of(1))));
            }
            for (Future<Optional<InventoryEntry>> answer : answers) {
                Exception failure = assertThrows(Exception.class, () -> answer.get(10, TimeUnit.SECONDS));
                assertTrue(failure.getCause() instanceof StorageUnavailableException, failure.toString());
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 1_000, "answered after " + millis + " ms");
            poolAnswers.countDown();
        }
        assertEquals(0, sent.get(), "withdrawn updates were sent");
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out");
            Thread.sleep(5);
        }
    }
}
