package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.application.port.outbound.Updates.adjust;
import static org.petstore.inventory.application.port.outbound.Updates.applied;
import static org.petstore.inventory.application.port.outbound.Updates.one;
import static org.petstore.inventory.application.port.outbound.Updates.refused;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
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
 * all or nothing with their records, and idempotency keys: a request carried out once, its outcome kept with the
 * changes and answered again. Each backend's test
 * extends this class; the in-memory fake passes it too. The ledger and the keys keep what earlier tests left, so each
 * test reads the ledger from the newest change before it on and uses keys of its own.
 */
public abstract class StockMovementsContract {

    private static final ChangeOrigin SALE = ChangeOrigin.api("key-s", "request-s", ChangeReason.SALE);

    protected abstract InventoryRepository repository();

    protected abstract StockLedger ledger();

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

    private ChangeOutcome change(List<EntryChange> changes) {
        return repository().change(changes, Optional.empty());
    }

    private ChangeOutcome change(List<EntryChange> changes, IdempotentRequest key) {
        return repository().change(changes, Optional.of(key));
    }

    private static String uniqueKey() {
        return "key-" + System.nanoTime() + "-" + Math.random();
    }

    @Test
    void aDeltaMovesTheCountToItsNextVersionAndIsRecorded() {
        givenOnly(List.of(item(1, 10)));
        long before = newest();

        InventoryEntry sold = item(1, 7).atVersion(EntryVersion.of(2));
        assertEquals(applied(sold), adjust(repository(), PetId.of(1), -3, SALE));

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

        assertEquals(refused(new ChangeDecision.InsufficientStock(PetId.of(1), Quantity.of(10), StockDelta.of(-11))),
                adjust(repository(), PetId.of(1), -11, SALE));
        assertEquals(refused(new ChangeDecision.LimitExceeded(PetId.of(2), Quantity.of(Integer.MAX_VALUE - 1),
                StockDelta.of(2))), adjust(repository(), PetId.of(2), 2, SALE));
        assertEquals(refused(new ChangeDecision.InsufficientStock(PetId.of(1), Quantity.of(10),
                StockDelta.of(-Integer.MAX_VALUE))), adjust(repository(), PetId.of(1), -Integer.MAX_VALUE, SALE));

        assertEquals(Optional.of(item(1, 10)), entry(1));
        assertEquals(Optional.of(item(2, Integer.MAX_VALUE - 1)), entry(2));
        assertEquals(List.of(), changesAfter(before));
    }

    @Test
    void aDeltaToTheBoundsIsMade() {
        givenOnly(List.of(item(1, 10), item(2, Integer.MAX_VALUE - 1)));

        assertEquals(applied(item(1, 0).atVersion(EntryVersion.of(2))), adjust(repository(), PetId.of(1), -10, SALE));
        assertEquals(applied(item(2, Integer.MAX_VALUE).atVersion(EntryVersion.of(2))),
                adjust(repository(), PetId.of(2), 1, SALE));
    }

    @Test
    void aDeltaOfAPetWithoutAnEntryFindsNothing() {
        givenOnly(List.of(item(1, 10)));

        assertEquals(refused(new ChangeDecision.NotFound(PetId.of(3))), adjust(repository(), PetId.of(3), 1, SALE));
        assertEquals(Optional.empty(), entry(3));
    }

    @Test
    void aConditionalDeltaIsMadeOnlyAtAnExpectedVersion() {
        givenOnly(List.of(item(1, 10)));
        EntryChange stale = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-1)),
                ExpectedVersions.oneOf(EntryVersion.of(5)), SALE);
        EntryChange current = new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-1)),
                ExpectedVersions.oneOf(EntryVersion.FIRST), SALE);

        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), one(repository(), stale));
        assertEquals(applied(item(1, 9).atVersion(EntryVersion.of(2))), one(repository(), current));
        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), one(repository(), current));
    }

    /** The test: 60 sales of one at once, 50 in stock. */
    @Test
    void concurrentSalesSellExactlyTheStockAndRecordEachSale() throws Exception {
        givenOnly(List.of(item(1, 50)));
        long before = newest();
        List<Callable<ChangeOutcome>> sales = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            sales.add(() -> adjust(repository(), PetId.of(1), -1, SALE));
        }
        int sold = 0;
        int refused = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(16)) {
            for (Future<ChangeOutcome> sale : clients.invokeAll(sales)) {
                switch (sale.get()) {
                    case ChangeOutcome.Applied _ -> sold++;
                    case ChangeOutcome.Refused outcome -> {
                        assertEquals(refused(new ChangeDecision.InsufficientStock(PetId.of(1), Quantity.of(0),
                                StockDelta.of(-1))), outcome);
                        refused++;
                    }
                    case ChangeOutcome other -> throw new AssertionError(other);
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

        ChangeOutcome outcome = change(List.of(delta(3, 4), set(1, 2), delta(2, -5)));

        List<InventoryEntry> expected = List.of(item(3, 5).atVersion(EntryVersion.of(2)),
                item(1, 2).atVersion(EntryVersion.of(2)), item(2, 0).atVersion(EntryVersion.of(2)));
        assertEquals(new ChangeOutcome.Applied(expected), outcome);
        assertEquals(expected.get(1), entry(1).orElseThrow());
        List<StockChange> recorded = changesAfter(before);
        assertEquals(3, recorded.size());
        assertEquals(recorded.getFirst().changeId() + 2, recorded.getLast().changeId());
    }

    @Test
    void aBatchWithOneRefusedChangeChangesNothingAndNamesIt() {
        givenOnly(List.of(item(1, 10), item(2, 5)));
        long before = newest();

        assertEquals(new ChangeOutcome.Refused(1, new ChangeDecision.InsufficientStock(PetId.of(2), Quantity.of(5),
                StockDelta.of(-6))), change(List.of(delta(1, -2), delta(2, -6))));
        assertEquals(new ChangeOutcome.Refused(2, new ChangeDecision.NotFound(PetId.of(9))),
                change(List.of(delta(1, -2), set(2, 1), delta(9, 1))));

        assertEquals(Optional.of(item(1, 10)), entry(1));
        assertEquals(Optional.of(item(2, 5)), entry(2));
        assertEquals(List.of(), changesAfter(before));
    }

    @Test
    void aSetToTheCurrentCountInABatchRecordsNothingAndAnswersTheEntryAsItIs() {
        givenOnly(List.of(item(1, 10), item(2, 5)));
        long before = newest();

        assertEquals(new ChangeOutcome.Applied(List.of(item(1, 10), item(2, 6).atVersion(EntryVersion.of(2)))),
                change(List.of(set(1, 10), delta(2, 1))));

        assertEquals(1, changesAfter(before).size());
        assertEquals(PetId.of(2), changesAfter(before).getFirst().petId());
    }

    @Test
    void aKeyKeepsItsOutcomeAndARetryOfTheSameRequestGetsItAgainAndChangesNothing() {
        givenOnly(List.of(item(1, 10)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint-1");

        ChangeOutcome outcome = change(List.of(delta(1, -1)), request);
        long after = newest();

        assertEquals(applied(item(1, 9).atVersion(EntryVersion.of(2))), outcome);
        assertEquals(outcome, change(List.of(delta(1, -1)), request));
        assertEquals(outcome, change(List.of(delta(1, -1)), request));
        assertEquals(new ChangeOutcome.KeyReused(), change(List.of(delta(1, -1)), keyed(request.key(),
                "fingerprint-2")));
        assertEquals(after, newest());
        assertEquals(Optional.of(item(1, 9).atVersion(EntryVersion.of(2))), entry(1));
    }

    @Test
    void aRefusalIsKeptAndReplayedEvenWhenTheChangeWouldNowBeMade() {
        givenOnly(List.of(item(1, 1), item(2, 3)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");

        ChangeOutcome refused = change(List.of(delta(2, 1), delta(1, -2)), request);
        adjust(repository(), PetId.of(1), 5, SALE);
        long before = newest();

        assertEquals(new ChangeOutcome.Refused(1, new ChangeDecision.InsufficientStock(PetId.of(1), Quantity.of(1),
                StockDelta.of(-2))), refused);
        assertEquals(refused, change(List.of(delta(2, 1), delta(1, -2)), request));
        assertEquals(before, newest());
        assertEquals(Optional.of(item(2, 3)), entry(2));
    }

    @Test
    void aStaleRefusalIsKeptAndReplayedToo() {
        givenOnly(List.of(item(1, 1)));
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        EntryChange stale = new EntryChange(PetId.of(1), new StockMovement.SetTo(Quantity.of(4)),
                ExpectedVersions.oneOf(EntryVersion.of(3)), SALE);

        ChangeOutcome refused = change(List.of(stale), request);

        assertEquals(refused(new ChangeDecision.Stale(PetId.of(1))), refused);
        assertEquals(refused, change(List.of(stale), request));
    }

    @Test
    void keysOfOtherScopesNeverCollide() {
        givenOnly(List.of(item(1, 10)));
        String key = uniqueKey();

        assertEquals(applied(item(1, 11).atVersion(EntryVersion.of(2))),
                change(List.of(delta(1, 1)), new IdempotentRequest("key-one", key, "a")));
        assertEquals(applied(item(1, 12).atVersion(EntryVersion.of(3))),
                change(List.of(delta(1, 1)), new IdempotentRequest("key-two", key, "b")));
    }

    @Test
    void ofConcurrentRequestsWithOneKeyExactlyOneIsCarriedOut() throws Exception {
        givenOnly(List.of(item(1, 10)));
        long before = newest();
        IdempotentRequest request = keyed(uniqueKey(), "fingerprint");
        List<Callable<ChangeOutcome>> requests = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            requests.add(() -> change(List.of(delta(1, -1)), request));
        }
        ChangeOutcome made = applied(item(1, 9).atVersion(EntryVersion.of(2)));
        int answered = 0;
        try (ExecutorService clients = Executors.newFixedThreadPool(16)) {
            for (Future<ChangeOutcome> outcome : clients.invokeAll(requests)) {
                ChangeOutcome got = outcome.get();
                if (!(got instanceof ChangeOutcome.KeyInFlight)) {
                    assertEquals(made, got);
                    answered++;
                }
            }
        }

        assertTrue(answered >= 1, "the request that was carried out answers");
        assertEquals(made, change(List.of(delta(1, -1)), request));
        assertEquals(1, changesAfter(before).size());
        assertEquals(Optional.of(item(1, 9).atVersion(EntryVersion.of(2))), entry(1));
    }
}
