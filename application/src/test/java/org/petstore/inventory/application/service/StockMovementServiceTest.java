package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.ConditionRequiredException;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.BatchSizeException;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InsufficientStockException;
import org.petstore.inventory.domain.InvalidIdempotencyKeyException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.QuantityLimitExceededException;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.RepeatedPetException;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/** Every change of stock through the one use case: a set (a PATCH), an adjustment, a batch; keys; the condition. */
class StockMovementServiceTest {

    private static final ChangeOrigin SALE = ChangeOrigin.api("key-1", "request-1", ChangeReason.SALE);

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();
    private final StockMovementService service = new StockMovementService(repository, false);

    @BeforeEach
    void stock() {
        repository.store(entry(1, 10, PetStatus.AVAILABLE), entry(2, 5, PetStatus.PENDING),
                entry(3, Integer.MAX_VALUE, PetStatus.AVAILABLE));
    }

    private static InventoryEntry entry(long petId, int quantity, PetStatus status) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), status);
    }

    private static EntryChange set(long petId, int quantity, ExpectedVersions expected) {
        return new EntryChange(PetId.of(petId), new StockMovement.SetTo(Quantity.of(quantity)), expected, SALE);
    }

    private static EntryChange delta(long petId, long delta) {
        return new EntryChange(PetId.of(petId), new StockMovement.AdjustBy(StockDelta.of(delta)), SALE);
    }

    private static ChangeStockCommand one(EntryChange change) {
        return ChangeStockCommand.one(change, IdempotencyKey.NONE);
    }

    private static ChangeStockCommand one(EntryChange change, IdempotentRequest request) {
        return ChangeStockCommand.one(change, new IdempotencyKey.Of(request));
    }

    private static ChangeStockCommand batch(EntryChange... changes) {
        return ChangeStockCommand.batch(List.of(changes), IdempotencyKey.NONE);
    }

    private InventoryEntry stored(long petId) {
        return repository.findByPetId(PetId.of(petId)).orElseThrow();
    }

    @Test
    void aSetChangesTheQuantityAndKeepsTheStatus() {
        InventoryEntry updated = service.changeStock(one(set(2, 7, ExpectedVersions.unconditional()))).getFirst();

        assertEquals(new InventoryEntry(PetId.of(2), Quantity.of(7), PetStatus.PENDING, EntryVersion.of(2)), updated);
        assertEquals(updated, stored(2));
    }

    @Test
    void aChangeIsOneCallToTheRepositoryWithoutAReadBeforeIt() {
        List<List<EntryChange>> calls = new ArrayList<>();
        StockMovementService writeOnly = new StockMovementService(new InventoryRepository() {
            @Override
            public InventorySnapshot streamAll() {
                throw new AssertionError("a change lists nothing");
            }

            @Override
            public InventoryVersion currentVersion() {
                throw new AssertionError("a change lists nothing");
            }

            @Override
            public Optional<InventoryEntry> findByPetId(PetId petId) {
                throw new AssertionError("a change reads nothing before it writes");
            }

            @Override
            public ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key) {
                calls.add(changes);
                return repository.change(changes, key);
            }
        }, false);

        assertEquals(entry(1, 4, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)),
                writeOnly.changeStock(one(set(1, 4, ExpectedVersions.unconditional()))).getFirst());
        assertThrows(InventoryEntryNotFoundException.class,
                () -> writeOnly.changeStock(one(set(9, 7, ExpectedVersions.unconditional()))));
        assertEquals(entry(1, 5, PetStatus.AVAILABLE).atVersion(EntryVersion.of(3)),
                writeOnly.changeStock(one(set(1, 5, ExpectedVersions.oneOf(EntryVersion.of(2))))).getFirst());
        assertThrows(StaleInventoryEntryException.class,
                () -> writeOnly.changeStock(one(set(1, 6, ExpectedVersions.oneOf(EntryVersion.of(2))))));
        assertThrows(InventoryEntryNotFoundException.class,
                () -> writeOnly.changeStock(one(set(9, 6, ExpectedVersions.oneOf(EntryVersion.of(2))))));
        assertEquals(5, calls.size());
    }

    @Test
    void aConditionalChangeAtTheCurrentVersionSucceedsOnce() {
        ChangeStockCommand sawFirstVersion = one(set(2, 9, ExpectedVersions.oneOf(EntryVersion.FIRST)));

        assertEquals(entry(2, 9, PetStatus.PENDING).atVersion(EntryVersion.of(2)),
                service.changeStock(sawFirstVersion).getFirst());
        StaleInventoryEntryException stale = assertThrows(StaleInventoryEntryException.class,
                () -> service.changeStock(sawFirstVersion));

        assertEquals(PetId.of(2), stale.petId());
        assertEquals(entry(2, 9, PetStatus.PENDING).atVersion(EntryVersion.of(2)), stored(2));
    }

    @Test
    void aChangeOfAnUnknownPetIsNotFoundAndCreatesNothing() {
        InventoryEntryNotFoundException notFound = assertThrows(InventoryEntryNotFoundException.class,
                () -> service.changeStock(one(set(9, 7, ExpectedVersions.unconditional()))));
        assertThrows(InventoryEntryNotFoundException.class,
                () -> service.changeStock(one(set(9, 7, ExpectedVersions.oneOf(EntryVersion.FIRST)))));

        assertEquals("No inventory entry for pet 9", notFound.getMessage());
        assertEquals(PetId.of(9), notFound.petId());
        assertEquals(Optional.empty(), repository.findByPetId(PetId.of(9)));
    }

    @Test
    void theChangeIsRecordedWithItsOrigin() {
        service.changeStock(one(set(2, 7, ExpectedVersions.unconditional())));
        service.changeStock(one(set(2, 3, ExpectedVersions.oneOf(EntryVersion.of(2)))));

        List<StockChange> changes = repository.changesAfter(0, 10);
        assertEquals(List.of(Quantity.of(5), Quantity.of(7)), changes.stream().map(StockChange::from).toList());
        assertEquals(List.of(Quantity.of(7), Quantity.of(3)), changes.stream().map(StockChange::to).toList());
        assertEquals(List.of(SALE, SALE), changes.stream().map(StockChange::origin).toList());
    }

    @Test
    void anAdjustmentMovesTheCountAndAnswersTheEntryAtItsNextVersion() {
        assertEquals(entry(1, 7, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)),
                service.changeStock(one(delta(1, -3))).getFirst());
        assertEquals(entry(1, 7, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)), stored(1));
    }

    @Test
    void anAdjustmentOutOfRangeIsRefusedNamingTheCountAndTheDelta() {
        InsufficientStockException insufficient = assertThrows(InsufficientStockException.class,
                () -> service.changeStock(one(delta(2, -6))));
        assertEquals("Pet 2 has 5 in stock: a delta of -6 would leave -1; nothing was changed",
                insufficient.getMessage());
        QuantityLimitExceededException exceeded = assertThrows(QuantityLimitExceededException.class,
                () -> service.changeStock(one(delta(3, 1))));
        assertEquals("Pet 3 has 2147483647 in stock: a delta of +1 would exceed the largest count, 2147483647; "
                + "nothing was changed", exceeded.getMessage());
        assertThrows(InventoryEntryNotFoundException.class, () -> service.changeStock(one(delta(9, 1))));
        assertEquals(entry(2, 5, PetStatus.PENDING), stored(2));
    }

    @Test
    void aBatchIsMadeWholeOrRefusedNamingTheChange() {
        assertEquals(List.of(entry(1, 8, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)),
                entry(2, 6, PetStatus.PENDING).atVersion(EntryVersion.of(2))),
                service.changeStock(batch(delta(1, -2), delta(2, 1))));

        RefusedBatchChangeException refused = assertThrows(RefusedBatchChangeException.class,
                () -> service.changeStock(batch(delta(1, -2), delta(2, -7))));
        assertEquals(1, refused.index());
        assertEquals(InsufficientStockException.class, refused.refusal().getClass());
        assertEquals("Pet 2 has 6 in stock: a delta of -7 would leave -1; nothing was changed",
                refused.refusal().getMessage());
        assertEquals(entry(1, 8, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)), stored(1));
    }

    @Test
    void aBatchOfOneRefusedIsStillNamedAsTheBatchsChange() {
        RefusedBatchChangeException refused = assertThrows(RefusedBatchChangeException.class,
                () -> service.changeStock(batch(delta(9, 1))));
        assertEquals(0, refused.index());
        assertEquals(InventoryEntryNotFoundException.class, refused.refusal().getClass());
    }

    @Test
    void aBatchHoldsOneToAHundredChangesAndNoPetTwice() {
        BatchSizeException none = assertThrows(BatchSizeException.class,
                () -> ChangeStockCommand.batch(List.of(), IdempotencyKey.NONE));
        assertEquals(0, none.size());
        List<EntryChange> tooMany = new ArrayList<>();
        for (long petId = 1; petId <= 101; petId++) {
            tooMany.add(delta(petId, 1));
        }
        BatchSizeException many = assertThrows(BatchSizeException.class,
                () -> ChangeStockCommand.batch(tooMany, IdempotencyKey.NONE));
        assertEquals(101, many.size());
        assertEquals(100, many.max());
        assertEquals(100, ChangeStockCommand.batch(tooMany.subList(0, 100), IdempotencyKey.NONE).changes().size());

        RefusedBatchChangeException twice = assertThrows(RefusedBatchChangeException.class,
                () -> batch(delta(1, 1), delta(2, 1), delta(1, 2)));
        assertEquals(2, twice.index());
        RepeatedPetException repeated = (RepeatedPetException) twice.refusal();
        assertEquals(PetId.of(1), repeated.petId());
        assertEquals(0, repeated.firstIndex());
    }

    @Test
    void aRetryWithTheSameKeyGetsTheFirstAnswerAndChangesNothing() {
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");

        List<InventoryEntry> first = service.changeStock(one(delta(1, -1), request));
        List<InventoryEntry> retry = service.changeStock(one(delta(1, -1), request));

        assertEquals(first, retry);
        assertEquals(entry(1, 9, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)), stored(1));
        IdempotencyKeyConflictException reused = assertThrows(IdempotencyKeyConflictException.class,
                () -> service.changeStock(one(delta(1, -2), new IdempotentRequest("key-1", "k", "other"))));
        assertEquals(IdempotencyKeyConflictException.Reason.REUSED, reused.reason());
    }

    @Test
    void aKeptRefusalIsReplayedEvenWhenTheRequestWouldNowSucceed() {
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");
        assertThrows(InsufficientStockException.class, () -> service.changeStock(one(delta(2, -6), request)));
        service.changeStock(one(delta(2, 10)));

        InsufficientStockException replayed = assertThrows(InsufficientStockException.class,
                () -> service.changeStock(one(delta(2, -6), request)));
        assertEquals("Pet 2 has 5 in stock: a delta of -6 would leave -1; nothing was changed", replayed.getMessage());
    }

    @Test
    void aKeyStillBeingCarriedOutIsInFlight() {
        StockMovementService busy = new StockMovementService(new ChangingOnly(new ChangeOutcome.KeyInFlight()), false);

        IdempotencyKeyConflictException inFlight = assertThrows(IdempotencyKeyConflictException.class,
                () -> busy.changeStock(one(delta(1, -1), new IdempotentRequest("key-1", "k", "fingerprint"))));
        assertEquals(IdempotencyKeyConflictException.Reason.IN_FLIGHT, inFlight.reason());
    }

    @Test
    void anUnreadableKeyIsRefusedWithItsProblemAndChangesNothing() {
        InvalidIdempotencyKeyException unreadable = assertThrows(InvalidIdempotencyKeyException.class,
                () -> service.changeStock(ChangeStockCommand.one(delta(1, -1),
                        new IdempotencyKey.Unreadable("the key is not quoted"))));

        assertEquals("the key is not quoted", unreadable.getMessage());
        assertEquals(entry(1, 10, PetStatus.AVAILABLE), stored(1));
    }

    @Test
    void aServiceThatRequiresConditionsRefusesEveryChangeWithoutOneBeforeItsKeyAndTheStore() {
        StockMovementService strict = new StockMovementService(repository, true);

        ConditionRequiredException single = assertThrows(ConditionRequiredException.class,
                () -> strict.changeStock(ChangeStockCommand.one(delta(9, 1), new IdempotencyKey.Unreadable("bad"))));
        ConditionRequiredException inBatch = assertThrows(ConditionRequiredException.class, () -> strict.changeStock(
                ChangeStockCommand.batch(List.of(set(1, 1, ExpectedVersions.any()), delta(2, 1)),
                        IdempotencyKey.NONE)));

        assertEquals(false, single.inBatch());
        assertEquals(true, inBatch.inBatch());
        assertEquals(entry(1, 10, PetStatus.AVAILABLE), stored(1));
        assertEquals(List.of(), repository.changesAfter(0, 10));
        assertEquals(entry(1, 3, PetStatus.AVAILABLE).atVersion(EntryVersion.of(2)),
                strict.changeStock(one(set(1, 3, ExpectedVersions.any()))).getFirst());
        assertEquals(entry(1, 4, PetStatus.AVAILABLE).atVersion(EntryVersion.of(3)),
                strict.changeStock(one(set(1, 4, ExpectedVersions.oneOf(EntryVersion.of(2))))).getFirst());
    }

    /** A store whose every change has this outcome. */
    private record ChangingOnly(ChangeOutcome outcome) implements InventoryRepository {

        @Override
        public InventorySnapshot streamAll() {
            throw new AssertionError("not listed");
        }

        @Override
        public InventoryVersion currentVersion() {
            throw new AssertionError("not listed");
        }

        @Override
        public Optional<InventoryEntry> findByPetId(PetId petId) {
            throw new AssertionError("not read");
        }

        @Override
        public ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key) {
            return outcome;
        }
    }
}
