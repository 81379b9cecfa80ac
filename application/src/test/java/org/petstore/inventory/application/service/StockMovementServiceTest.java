package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.AdjustStockCommand;
import org.petstore.inventory.application.port.inbound.StockChangesCommand;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InsufficientStockException;
import org.petstore.inventory.domain.InvalidStockChangeException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.QuantityLimitExceededException;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

class StockMovementServiceTest {

    private static final ChangeOrigin SALE = ChangeOrigin.api("key-1", "request-1", ChangeReason.SALE);

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();
    private final StockMovementService service = new StockMovementService(repository, repository);

    @BeforeEach
    void stock() {
        repository.store(item(1, 10), item(2, 5), item(3, Integer.MAX_VALUE));
    }

    private static InventoryEntry item(long petId, int quantity) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), PetStatus.AVAILABLE);
    }

    private static AdjustStockCommand adjust(long petId, long delta) {
        return new AdjustStockCommand(PetId.of(petId), StockDelta.of(delta), SALE);
    }

    private static AdjustStockCommand adjust(long petId, long delta, IdempotentRequest request) {
        return new AdjustStockCommand(PetId.of(petId), StockDelta.of(delta), ExpectedVersions.any(), SALE,
                Optional.of(request));
    }

    private static EntryChange delta(long petId, long delta) {
        return new EntryChange(PetId.of(petId), new StockMovement.AdjustBy(StockDelta.of(delta)), SALE);
    }

    @Test
    void anAdjustmentMovesTheCountAndAnswersTheEntryAtItsNextVersion() {
        assertEquals(item(1, 7).atVersion(EntryVersion.of(2)), service.adjustStock(adjust(1, -3)));
        assertEquals(item(1, 7).atVersion(EntryVersion.of(2)), repository.findByPetId(PetId.of(1)).orElseThrow());
    }

    @Test
    void anAdjustmentOutOfRangeIsRefusedNamingTheCountAndTheDelta() {
        InsufficientStockException insufficient = assertThrows(InsufficientStockException.class,
                () -> service.adjustStock(adjust(2, -6)));
        assertEquals("Pet 2 has 5 in stock: a delta of -6 would leave -1; nothing was changed",
                insufficient.getMessage());
        QuantityLimitExceededException exceeded = assertThrows(QuantityLimitExceededException.class,
                () -> service.adjustStock(adjust(3, 1)));
        assertEquals("Pet 3 has 2147483647 in stock: a delta of +1 would exceed the largest count, 2147483647; "
                + "nothing was changed", exceeded.getMessage());
        assertThrows(InventoryEntryNotFoundException.class, () -> service.adjustStock(adjust(9, 1)));
        assertEquals(item(2, 5), repository.findByPetId(PetId.of(2)).orElseThrow());
    }

    @Test
    void aConditionalAdjustmentIsRefusedWhenStale() {
        AdjustStockCommand stale = new AdjustStockCommand(PetId.of(1), StockDelta.of(1),
                ExpectedVersions.oneOf(EntryVersion.of(4)), SALE, Optional.empty());

        assertThrows(StaleInventoryEntryException.class, () -> service.adjustStock(stale));
    }

    @Test
    void aBatchIsMadeWholeOrRefusedNamingTheChange() {
        assertEquals(List.of(item(1, 8).atVersion(EntryVersion.of(2)), item(2, 6).atVersion(EntryVersion.of(2))),
                service.applyStockChanges(new StockChangesCommand(List.of(delta(1, -2), delta(2, 1)),
                        Optional.empty())));

        RefusedBatchChangeException refused = assertThrows(RefusedBatchChangeException.class,
                () -> service.applyStockChanges(new StockChangesCommand(List.of(delta(1, -2), delta(2, -7)),
                        Optional.empty())));
        assertEquals(1, refused.index());
        assertEquals("changes[1]: Pet 2 has 6 in stock: a delta of -7 would leave -1; nothing was changed",
                refused.getMessage());
        assertEquals(item(1, 8).atVersion(EntryVersion.of(2)), repository.findByPetId(PetId.of(1)).orElseThrow());
    }

    @Test
    void aBatchHoldsOneToAHundredChangesAndNoPetTwice() {
        assertThrows(InvalidStockChangeException.class, () -> new StockChangesCommand(List.of(), Optional.empty()));
        RefusedBatchChangeException twice = assertThrows(RefusedBatchChangeException.class,
                () -> new StockChangesCommand(List.of(delta(1, 1), delta(2, 1), delta(1, 2)), Optional.empty()));
        assertEquals("changes[2]: pet 1 appears again (first at changes[0]): a pet appears once in a batch; "
                + "nothing was changed", twice.getMessage());
    }

    @Test
    void aRetryWithTheSameKeyGetsTheFirstAnswerAndChangesNothing() {
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");

        InventoryEntry first = service.adjustStock(adjust(1, -1, request));
        InventoryEntry retry = service.adjustStock(adjust(1, -1, request));

        assertEquals(first, retry);
        assertEquals(item(1, 9).atVersion(EntryVersion.of(2)), repository.findByPetId(PetId.of(1)).orElseThrow());
        IdempotencyKeyConflictException reused = assertThrows(IdempotencyKeyConflictException.class,
                () -> service.adjustStock(adjust(1, -2, new IdempotentRequest("key-1", "k", "other"))));
        assertEquals(IdempotencyKeyConflictException.Reason.REUSED, reused.reason());
    }

    @Test
    void aKeptRefusalIsReplayedEvenWhenTheRequestWouldNowSucceed() {
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");
        assertThrows(InsufficientStockException.class, () -> service.adjustStock(adjust(2, -6, request)));
        service.adjustStock(adjust(2, 10));

        InsufficientStockException replayed = assertThrows(InsufficientStockException.class,
                () -> service.adjustStock(adjust(2, -6, request)));
        assertEquals("Pet 2 has 5 in stock: a delta of -6 would leave -1; nothing was changed", replayed.getMessage());
    }

    @Test
    void aKeyWhoseRequestFailedInTheStoreIsReleasedForTheRetry() {
        InventoryRepository unavailable = new FailingRepository(repository);
        StockMovementService failing = new StockMovementService(unavailable, repository);
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");

        assertThrows(StorageUnavailableException.class, () -> failing.adjustStock(adjust(1, -1, request)));

        assertEquals(0, repository.keptKeys());
        assertEquals(item(1, 9).atVersion(EntryVersion.of(2)), service.adjustStock(adjust(1, -1, request)));
    }

    @Test
    void aKeyStillBeingCarriedOutIsInFlight() {
        IdempotentRequest request = new IdempotentRequest("key-1", "k", "fingerprint");
        repository.claim(request);

        IdempotencyKeyConflictException inFlight = assertThrows(IdempotencyKeyConflictException.class,
                () -> service.adjustStock(adjust(1, -1, request)));
        assertEquals(IdempotencyKeyConflictException.Reason.IN_FLIGHT, inFlight.reason());
    }

    /** A store that cannot be reached for changes. */
    private record FailingRepository(InventoryRepository delegate) implements InventoryRepository {

        @Override
        public InventorySnapshot streamAll() {
            return delegate.streamAll();
        }

        @Override
        public InventoryVersion currentVersion() {
            return delegate.currentVersion();
        }

        @Override
        public Optional<InventoryEntry> findByPetId(PetId petId) {
            return delegate.findByPetId(petId);
        }

        @Override
        public StockUpdate change(EntryChange change) {
            throw new StorageUnavailableException("the database does not answer", null);
        }

        @Override
        public ChangesOutcome changeAll(List<EntryChange> changes, Optional<IdempotencyClaims.Claimed> claim) {
            throw new StorageUnavailableException("the database does not answer", null);
        }
    }
}
