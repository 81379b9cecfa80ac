package org.petstore.inventory.adapter.persistence;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariDataSource;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepositoryContract;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The repository contract on a real database through the JDBC adapter, with the schema built by the Flyway
 * migrations, plus what only a database cursor does. Each backend's subclass says which database.
 */
abstract class JdbcInventoryRepositoryTest extends InventoryRepositoryContract {

    @Inject
    InventoryRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    DataSource dataSource;

    @Override
    protected InventoryRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<InventoryEntry> entries) {
        new StoreTables(transactions).replaceInventoryWith(entries);
    }

    @Override
    protected void givenOnlyNumbered(int count) {
        new StoreTables(transactions).replaceInventoryWithNumbered(count);
    }

    /** The pool's connections in use right now. */
    @Override
    protected int activeConnections() {
        return ((HikariDataSource) DelegatingDataSource.unwrapDataSource(dataSource)).getHikariPoolMXBean()
                .getActiveConnections();
    }

    /**
     * The removal count is the third part of the list's version, read with the rows: in the short list's one statement,
     * and with a list read from a cursor; the version without the list counts it too.
     */
    @Test
    void theListsVersionCarriesTheRemovalCountReadWithItsRows() {
        new StoreTables(transactions).setRemovals(7);

        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(new InventoryVersion(3, 3, 7), all.version());
            assertEquals(List.of(DOG, CAT, PARROT), all.items().toList());
        }
        assertEquals(new InventoryVersion(3, 3, 7), repository.currentVersion());

        givenOnlyNumbered(LARGE);
        new StoreTables(transactions).setRemovals(8);
        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(new InventoryVersion(LARGE, LARGE, 8), all.version());
            assertEquals(LARGE, all.items().count());
        }
        assertEquals(new InventoryVersion(LARGE, LARGE, 8), repository.currentVersion());

        givenOnly(List.of());
        new StoreTables(transactions).setRemovals(9);
        try (InventorySnapshot all = repository.streamAll()) {
            assertEquals(InventoryVersion.EMPTY, all.version(), "every empty inventory has the same version");
        }
        assertEquals(InventoryVersion.EMPTY, repository.currentVersion());
    }

    @Test
    void readingTheListToItsEndReturnsTheConnectionBeforeTheStreamIsClosed() {
        try (InventorySnapshot all = repository.streamAll()) {
            Iterator<InventoryEntry> entries = all.items().iterator();
            assertEquals(List.of(DOG, CAT, PARROT), List.of(entries.next(), entries.next(), entries.next()));
            assertEquals(1, activeConnections());

            assertFalse(entries.hasNext());
            assertEquals(0, activeConnections());
        }
    }

    @Test
    void aListClosedBeforeItsEndFailsWhenReadAgainInsteadOfEndingEarly() {
        InventorySnapshot all = repository.streamAll();
        Iterator<InventoryEntry> entries = all.items().iterator();
        assertEquals(DOG, entries.next());

        all.close();

        assertThrows(IllegalStateException.class, entries::hasNext);
        assertEquals(0, activeConnections());
    }

    @Test
    void theConnectionsOfAListAreRestoredForTheStatementsAfterIt() {
        for (int round = 0; round < 3; round++) {
            try (InventorySnapshot all = repository.streamAll()) {
                assertEquals(DOG, all.items().iterator().next());
            }
        }

        InventoryEntry updated = DOG.withQuantity(Quantity.of(5));
        assertEquals(Optional.of(updated), updateQuantity(repository, PetId.of(1), Quantity.of(5), BY_API));
        assertEquals(List.of(updated, CAT, PARROT), all());
    }

    /**
     * Concurrent updates share statements on both databases ({@link UpdateCombiner}): every update still gets its own
     * answer, with the version it produced, and none is lost.
     */
    @Test
    void manyConcurrentUpdatesAreEachAnsweredWithTheVersionTheyProducedAndNoneIsLost() throws Exception {
        givenOnlyNumbered(20);
        Map<Long, List<Long>> versionsOfPet = new ConcurrentHashMap<>();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int client = 0; client < 32; client++) {
                int seed = client;
                done.add(clients.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        long pet = 1 + (seed * 7L + i * 3L) % 20;
                        InventoryEntry entry = updateQuantity(repository, PetId.of(pet), Quantity.of(seed * 100 + i), BY_API)
                                .orElseThrow();
                        assertEquals(pet, entry.petId().value());
                        assertEquals(seed * 100 + i, entry.quantity().value());
                        versionsOfPet.computeIfAbsent(pet, p -> new CopyOnWriteArrayList<>())
                                .add(entry.version().value());
                    }
                    return null;
                }));
            }
            for (Future<?> client : done) {
                client.get(60, TimeUnit.SECONDS);
            }
        }
        assertEquals(20, versionsOfPet.size());
        for (long pet = 1; pet <= 20; pet++) {
            List<Long> versions = versionsOfPet.get(pet).stream().sorted().toList();
            assertEquals(LongStream.rangeClosed(2, 1 + versions.size()).boxed().toList(), versions, "pet " + pet);
            assertEquals(1 + versions.size(),
                    repository.findByPetId(PetId.of(pet)).orElseThrow().version().value(), "pet " + pet);
        }
        assertEquals(0, activeConnections());
    }

    @Test
    void anUpdateOfAnUnknownPetAmongOthersFindsNothingAndTheOthersAreStored() throws Exception {
        givenOnlyNumbered(3);
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Optional<InventoryEntry>> unknown = clients.submit(
                    () -> updateQuantity(repository, PetId.of(99), Quantity.of(5), BY_API));
            Future<Optional<InventoryEntry>> known = clients.submit(
                    () -> updateQuantity(repository, PetId.of(2), Quantity.of(5), BY_API));
            assertEquals(Optional.empty(), unknown.get(10, TimeUnit.SECONDS));
            assertEquals(5, known.get(10, TimeUnit.SECONDS).orElseThrow().quantity().value());
        }
        assertEquals(Optional.empty(), repository.findByPetId(PetId.of(99)));
    }
}
