package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.petstore.inventory.application.port.outbound.Updates.adjust;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * What every backend must do with stock movements: deltas applied atomically whatever runs at the same time, batches
 * all or nothing with their records, and idempotency keys claimed once and kept with the changes. Each backend's test
 * extends this class; the in-memory fake passes it too. The ledger and the keys keep what earlier tests left, so each
 * test reads the ledger from the newest change before it on and uses keys of its own.
 */
public abstract class StockMovementsContract {

    private static final ChangeOrigin SALE = ChangeOrigin.api("key-s", "request-s", ChangeReason.SALE);

    protected abstract InventoryRepository repository();

    protected abstract StockLedger ledger();

    protected abstract IdempotencyClaims claims();

    /** Removes every entry, then stores exactly the given ones, each at its first version; records nothing. */
    protected abstract void givenOnly(List<InventoryEntry> items);

    private static InventoryEntry item(long petId, int quantity) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), PetStatus.AVAILABLE);
    }

    private static EntryChange delta(long petId, long delta) {
        return new EntryChange(PetId.of(petId), new StockMovement.AdjustBy(StockDelta.of(delta)), SALE);
    }

    private static EntryChange set(long petId, int quantity) {
        return new EntryChange(PetId.of(petId), new StockMovement.SetTo(Quantity.of(quantity)), SALE);
    }

    private long newest() {
        return ledger().newestChangeId();
    }

    private List<StockChange> changesAfter(long cursor) {
        return ledger().changesAfter(cursor, 500);
    }

    private Optional<InventoryEntry> entry(long petId) {
        return repository().findByPetId(PetId.of(petId));
    }

    private static IdempotentRequest keyed(String key, String fingerprint) {
        return new IdempotentRequest("key-1", key, fingerprint);
    }

    private static String uniqueKey() {
        return "key-" + System.nanoTime() + "-" + Math.random();
    }

    @Test
    void aDeltaMovesTheCountToItsNextVersionAndIsRecorded() {
        givenOnly(List.of(item(1, 10)));
        long before = newest();

        InventoryEntry sold = item(1, 7).atVersion(EntryVersion.of(2));
        assertEquals(new StockUpdate.Updated(sold), adjust(repository(), PetId.of(1), -3, SALE));

        assertEquals(Optional.of(sold), entry(1));
        List<StockChange> recorded = changesAfter(before);
        assertEquals(1, recorded.size());
        assertEquals(Quantity.of(10), recorded.getFirst().from());
        assertEquals(Quantity.of(7), recorded.getFirst().to());
        assertEquals(SALE, recorded.getFirst().origin());
    }

    @Test
    void aDeltaThatWouldLeaveTheRangeIsRefusedWithTheCountAndChangesNothing() {
        givenOnly(List.of(item(1, 10), item(2, Integer.MAX_VALUE - 1)));
        long before = newest();

        assertEquals(new StockUpdate.OutOfRange(Quantity.of(10)), adjust(repository(), PetId.of(1), -11, SALE));
        assertEquals(new StockUpdate.OutOfRange(Quantity.of(Integer.MAX_VALUE - 1)),
                adjust(repository(), PetId.of(2), 2, SALE));
        assertEquals(new StockUpdate.OutOfRange(Quantity.of(10)),
                adjust(repository(), PetId.of(1), -Integer.MAX_VALUE, SALE));

        assertEquals(Optional.of(item(1, 10)), entry(1));
        assertEquals(Optional.of(item(2, Integer.MAX_VALUE - 1)), entry(2));
        assertEquals(List.of(), changesAfter(before));
    }

    @Test
    void aDeltaToTheBoundsIsMade() {
        givenOnly(List.of(item(1, 10), item(2, Integer.MAX_VALUE - 1)));

        assertEquals(new StockUpdate.Updated(item(1, 0).atVersion(EntryVersion.of(2))),
                adjust(repository(), PetId.of(1), -10, SALE));
        assertEquals(new StockUpdate.Updated(item(2, Integer.MAX_VALUE).atVersion(EntryVersion.of(2))),
                adjust(repository(), PetId.of(2), 1, SALE));
    }

    @Test
    void aDeltaOfAPetWithoutAnEntryFindsNothing() {
        givenOnly(List.of(item(1, 10)));

        assertEquals(new StockUpdate.NotFound(), adjust(repository(), PetId.of(3), 1, SALE));
        assertEquals(Optional.empty(), entry(3));
    }

    @Test
    void aConditionalDeltaIsMadeOnlyAtAnExpectedVersion() {
        givenOnly(List.of(item(1, 10)));
        EntryChange stale = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-1)),
                ExpectedVersions.oneOf(EntryVersion.of(5)), SALE);
        EntryChange current = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-1)),
                ExpectedVersions.oneOf(EntryVersion.FIRST), SALE);

        assertEquals(new StockUpdate.Stale(), repository().change(stale));
        assertEquals(new StockUpdate.Updated(item(1, 9).atVersion(EntryVersion.of(2))), repository().change(current));
        assertEquals(new StockUpdate.Stale(), repository().change(current));
    }

    /** The test: 60 sales of one at once, 50 in stock. */
    @Test
    void concurrentSalesSellExactlyTheStockAndRecordEachSale() throws Exception {
        givenOnly(List.of(item(1, 50)));
        long before = newest();
        List<Callable<StockUpdate>> sales = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            sales.add(() -> adjust(repository(), PetId.of(1), -1, SALE));
        }
        int sold = 0;
        int refused = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(16)) {
            for (Future<StockUpdate> sale : clients.invokeAll(sales)) {
                switch (sale.get()) {
                    case StockUpdate.Updated _ -> sold++;
                    case StockUpdate.OutOfRange outOfRange -> {
                        assertEquals(Quantity.of(0), outOfRange.count());
                        refused++;
                    }
                    case StockUpdate other -> throw new AssertionError(other);
                }
            }
        }

        assertEquals(50, sold);
        assertEquals(10, refused);
        assertEquals(Quantity.of(0), entry(1).orElseThrow().quantity());
        List<StockChange> recorded = changesAfter(before);
        assertEquals(50, recorded.size());
        for (int i = 0; i < 50; i++) {
            assertEquals(Quantity.of(50 - i), recorded.get(i).from());
            assertEquals(Quantity.of(49 - i), recorded.get(i).to());
        }
    }

    @Test
    void aBatchMakesEveryChangeWithConsecutiveRecordsAndAnswersTheEntriesInItsOrder() {
        givenOnly(List.of(item(1, 10), item(2, 5), item(3, 1)));
        long before = newest();

        ChangesOutcome outcome = repository().changeAll(List.of(delta(3, 4), set(1, 2), delta(2, -5)),
                Optional.empty());

        List<InventoryEntry> expected = List.of(item(3, 5).atVersion(EntryVersion.of(2)),
                item(1, 2).atVersion(EntryVersion.of(2)), item(2, 0).atVersion(EntryVersion.of(2)));
        assertEquals(new ChangesOutcome.Applied(expected), outcome);
        assertEquals(expected.get(1), entry(1).orElseThrow());
        List<StockChange> recorded = changesAfter(before);
        assertEquals(3, recorded.size());
        assertEquals(recorded.getFirst().changeId() + 2, recorded.getLast().changeId());
    }

    @Test
    void aBatchWithOneRefusedChangeChangesNothingAndNamesIt() {
        givenOnly(List.of(item(1, 10), item(2, 5)));
        long before = newest();

        assertEquals(new ChangesOutcome.Refused(1, new StockUpdate.OutOfRange(Quantity.of(5))),
                repository().changeAll(List.of(delta(1, -2), delta(2, -6)), Optional.empty()));
        assertEquals(new ChangesOutcome.Refused(2, new StockUpdate.NotFound()),
                repository().changeAll(List.of(delta(1, -2), set(2, 1), delta(9, 1)), Optional.empty()));

        assertEquals(Optional.of(item(1, 10)), entry(1));
        assertEquals(Optional.of(item(2, 5)), entry(2));
        assertEquals(List.of(), changesAfter(before));
    }

    @Test
    void aSetToTheCurrentCountInABatchRecordsNothingAndAnswersTheEntryAsItIs() {
        givenOnly(List.of(item(1, 10), item(2, 5)));
        long before = newest();

        assertEquals(new ChangesOutcome.Applied(List.of(item(1, 10), item(2, 6).atVersion(EntryVersion.of(2)))),
                repository().changeAll(List.of(set(1, 10), delta(2, 1)), Optional.empty()));

        assertEquals(1, changesAfter(before).size());
        assertEquals(PetId.of(2), changesAfter(before).getFirst().petId());
    }

    @Test
    void aClaimedKeyKeepsItsOutcomeAndARetryOfTheSameRequestGetsItAgain() {
        givenOnly(List.of(item(1, 10)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint-1");

        IdempotencyClaims.Claimed claimed = assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims().claim(request));
        ChangesOutcome outcome = repository().changeAll(List.of(delta(1, -1)), Optional.of(claimed));
        long after = newest();

        assertEquals(new ChangesOutcome.Applied(List.of(item(1, 9).atVersion(EntryVersion.of(2)))), outcome);
        assertEquals(new IdempotencyClaims.Kept(outcome), claims().claim(request));
        assertEquals(new IdempotencyClaims.Kept(outcome), claims().claim(request));
        assertEquals(new IdempotencyClaims.Reused(), claims().claim(keyed(request.key(), "fingerprint-2")));
        assertEquals(after, newest());
        assertEquals(Optional.of(item(1, 9).atVersion(EntryVersion.of(2))), entry(1));
    }

    @Test
    void aRefusalIsKeptAndReplayedToo() {
        givenOnly(List.of(item(1, 1)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        IdempotencyClaims.Claimed claimed = assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims().claim(request));

        ChangesOutcome refused = repository().changeAll(List.of(delta(1, -2)), Optional.of(claimed));

        assertEquals(new ChangesOutcome.Refused(0, new StockUpdate.OutOfRange(Quantity.of(1))), refused);
        assertEquals(new IdempotencyClaims.Kept(refused), claims().claim(request));
    }

    @Test
    void aKeyBeingCarriedOutIsInFlightAndAReleasedKeyCanBeClaimedAgain() {
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        IdempotencyClaims.Claimed first = assertInstanceOf(IdempotencyClaims.Claimed.class, claims().claim(request));

        assertEquals(new IdempotencyClaims.InFlight(), claims().claim(request));
        assertEquals(new IdempotencyClaims.Reused(), claims().claim(keyed(request.key(), "other")));
        claims().release(first);

        assertInstanceOf(IdempotencyClaims.Claimed.class, claims().claim(request));
    }

    @Test
    void keysOfOtherScopesNeverCollide() {
        String key = uniqueKey();
        assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims().claim(new IdempotentRequest("key-one", key, "a")));
        assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims().claim(new IdempotentRequest("key-two", key, "b")));
    }

    @Test
    void aClaimThatIsNoLongerHeldKeepsNothingAndChangesNothing() {
        givenOnly(List.of(item(1, 10)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        IdempotencyClaims.Claimed lost = assertInstanceOf(IdempotencyClaims.Claimed.class, claims().claim(request));
        claims().release(lost);
        IdempotencyClaims.Claimed holder = assertInstanceOf(IdempotencyClaims.Claimed.class,
                claims().claim(request));
        long before = newest();

        assertThrows(IdempotencyKeyConflictException.class,
                () -> repository().changeAll(List.of(delta(1, -1)), Optional.of(lost)));

        assertEquals(Optional.of(item(1, 10)), entry(1));
        assertEquals(before, newest());
        assertEquals(new IdempotencyClaims.InFlight(), claims().claim(request));
        repository().changeAll(List.of(delta(1, -1)), Optional.of(holder));
        assertInstanceOf(IdempotencyClaims.Kept.class, claims().claim(request));
    }

    @Test
    void ofConcurrentClaimsOfOneKeyExactlyOneGetsIt() throws Exception {
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        List<Callable<IdempotencyClaims.Claim>> claims = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            claims.add(() -> claims().claim(request));
        }
        int claimed = 0;
        int inFlight = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(16)) {
            for (Future<IdempotencyClaims.Claim> claim : clients.invokeAll(claims)) {
                switch (claim.get()) {
                    case IdempotencyClaims.Claimed _ -> claimed++;
                    case IdempotencyClaims.InFlight _ -> inFlight++;
                    case IdempotencyClaims.Claim other -> throw new AssertionError(other);
                }
            }
        }
        assertEquals(1, claimed);
        assertEquals(15, inFlight);
    }
}
