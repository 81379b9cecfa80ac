package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The repository contract on PostgreSQL, the production backend: a real server and a fresh database.
 */
@MicronautTest(startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlInventoryRepositoryTest extends JdbcInventoryRepositoryTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        return TestPostgres.newDatabase();
    }

    @Test
    void aConnectionLostWhileTheListIsReadFailsTheReadAsUnavailableAndReturnsTheConnection() {
        givenOnlyNumbered(LARGE);

        try (InventorySnapshot all = repository.streamAll()) {
            Iterator<InventoryItem> entries = all.items().iterator();
            assertEquals(numbered(1), entries.next());

            terminateTheServerProcessOfTheList();

            assertThrows(StorageUnavailableException.class, () -> entries.forEachRemaining(entry -> { }));
        }
        assertEquals(0, activeConnections());
    }

    /**
     * Concurrent updates share statements here ({@link UpdateCombiner}): every update still gets its own answer, with
     * the version it produced, and none is lost.
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
                        InventoryItem entry = repository.updateQuantity(PetId.of(pet), Quantity.of(seed * 100 + i))
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
            Future<Optional<InventoryItem>> unknown = clients.submit(
                    () -> repository.updateQuantity(PetId.of(99), Quantity.of(5)));
            Future<Optional<InventoryItem>> known = clients.submit(
                    () -> repository.updateQuantity(PetId.of(2), Quantity.of(5)));
            assertEquals(Optional.empty(), unknown.get(10, TimeUnit.SECONDS));
            assertEquals(5, known.get(10, TimeUnit.SECONDS).orElseThrow().quantity().value());
        }
        assertEquals(Optional.empty(), repository.findByPetId(PetId.of(99)));
    }

    /** The list's connection is the only one in a transaction: its read-only cursor transaction. */
    private void terminateTheServerProcessOfTheList() {
        transactions.executeWrite(status -> {
            try (Statement statement = status.getConnection().createStatement();
                 ResultSet terminated = statement.executeQuery("""
                         SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
                         WHERE datname = current_database() AND pid <> pg_backend_pid()
                           AND state = 'idle in transaction'""")) {
                assertTrue(terminated.next(), "the list's server process was not found");
                assertTrue(terminated.getBoolean(1), "the list's server process was not terminated");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }
}
