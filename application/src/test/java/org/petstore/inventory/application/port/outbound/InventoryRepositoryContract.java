package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * What every {@link InventoryRepository} must do. Each backend's test extends this class and says how to reach its
 * repository and how to put entries in place; the in-memory fake passes it too.
 */
public abstract class InventoryRepositoryContract {

    protected static final InventoryItem DOG = item(1, 10, PetStatus.AVAILABLE);
    protected static final InventoryItem CAT = item(2, 0, PetStatus.SOLD);
    protected static final InventoryItem PARROT = item(30, 4, PetStatus.PENDING);

    /** The repository under test. */
    protected abstract InventoryRepository repository();

    /** Removes every entry, then stores exactly the given ones. */
    protected abstract void givenOnly(List<InventoryItem> items);

    protected static InventoryItem item(long petId, int quantity, PetStatus status) {
        return new InventoryItem(PetId.of(petId), Quantity.of(quantity), status);
    }

    @BeforeEach
    void storeFixture() {
        givenOnly(List.of(PARROT, DOG, CAT));
    }

    @Test
    void findAllListsEveryEntryInPetIdOrder() {
        assertEquals(List.of(DOG, CAT, PARROT), repository().findAll());
    }

    @Test
    void findAllOfAnEmptyStoreIsEmpty() {
        givenOnly(List.of());
        assertEquals(List.of(), repository().findAll());
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
        InventoryItem stored = repository().updateQuantity(DOG.withQuantity(Quantity.of(3)));

        assertEquals(item(1, 3, PetStatus.AVAILABLE), stored);
        assertEquals(Optional.of(stored), repository().findByPetId(PetId.of(1)));
        assertEquals(List.of(stored, CAT, PARROT), repository().findAll());
    }

    @Test
    void updateQuantityStoresTheBoundaryCounts() {
        repository().updateQuantity(CAT.withQuantity(Quantity.of(Integer.MAX_VALUE)));
        assertEquals(Optional.of(item(2, Integer.MAX_VALUE, PetStatus.SOLD)), repository().findByPetId(PetId.of(2)));

        repository().updateQuantity(CAT.withQuantity(Quantity.of(0)));
        assertEquals(Optional.of(item(2, 0, PetStatus.SOLD)), repository().findByPetId(PetId.of(2)));
    }

    @Test
    void updateQuantityOfAnUnknownPetFailsAndCreatesNothing() {
        var error = assertThrows(InventoryItemNotFoundException.class,
                () -> repository().updateQuantity(item(3, 1, PetStatus.AVAILABLE)));

        assertEquals(PetId.of(3), error.petId());
        assertEquals(List.of(DOG, CAT, PARROT), repository().findAll());
    }

    @Test
    void concurrentUpdatesOfOneEntryLeaveExactlyOneOfTheSentValues() throws Exception {
        List<Integer> sent = IntStream.rangeClosed(1, 64).map(n -> n * 100).boxed().toList();

        runConcurrently(sent.stream()
                .<Runnable>map(quantity -> () -> repository().updateQuantity(DOG.withQuantity(Quantity.of(quantity))))
                .toList());

        InventoryItem stored = repository().findByPetId(PetId.of(1)).orElseThrow();
        assertTrue(sent.contains(stored.quantity().value()), "stored " + stored.quantity() + " was never sent");
        assertEquals(PetStatus.AVAILABLE, stored.status());
    }

    @Test
    void concurrentUpdatesOfDifferentEntriesDoNotInterfere() throws Exception {
        List<InventoryItem> entries = new ArrayList<>();
        for (long petId = 100; petId < 132; petId++) {
            entries.add(item(petId, 0, PetStatus.AVAILABLE));
        }
        givenOnly(entries);

        runConcurrently(entries.stream()
                .<Runnable>map(entry -> () -> repository().updateQuantity(
                        entry.withQuantity(Quantity.of((int) entry.petId().value() * 2))))
                .toList());

        List<InventoryItem> expected = entries.stream()
                .map(entry -> entry.withQuantity(Quantity.of((int) entry.petId().value() * 2)))
                .toList();
        assertEquals(expected, repository().findAll());
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
