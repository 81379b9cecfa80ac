package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockChange;

class InventoryServiceTest {

    private static final ChangeOrigin API = ChangeOrigin.api("key-1", "request-1", ChangeReason.ARRIVAL);

    private static final InventoryEntry DOG = new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE);
    private static final InventoryEntry CAT = new InventoryEntry(PetId.of(2), Quantity.of(1), PetStatus.PENDING);

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();
    private final InventoryService service = new InventoryService(repository);

    @BeforeEach
    void stock() {
        repository.store(CAT, DOG);
    }

    @Test
    void listsEveryEntryInPetIdOrder() {
        assertEquals(List.of(DOG, CAT), listed());
    }

    @Test
    void closingTheListReleasesTheRepositorysStream() {
        InventorySnapshot list = service.listInventory();
        assertEquals(1, repository.openStreams());

        list.close();
        assertEquals(0, repository.openStreams());
    }

    @Test
    void theListComesWithTheVersionOfItsEntries() {
        try (InventorySnapshot list = service.listInventory()) {
            assertEquals(new InventoryVersion(2, 2, 0), list.version());
            assertEquals(service.currentInventoryVersion(), list.version());
        }
        service.updateStock(UpdateStockCommand.of(2, 7));

        assertEquals(new InventoryVersion(2, 3, 0), service.currentInventoryVersion());
    }

    @Test
    void findInventoryItemReturnsTheEntryWithItsVersion() {
        service.updateStock(UpdateStockCommand.of(2, 7));

        assertEquals(CAT.withQuantity(Quantity.of(7)), service.findInventoryEntry(PetId.of(2)));
        assertEquals(EntryVersion.of(2), service.findInventoryEntry(PetId.of(2)).version());
    }

    @Test
    void findInventoryItemOfAnUnknownPetIsNotFound() {
        var error = assertThrows(InventoryEntryNotFoundException.class, () -> service.findInventoryEntry(PetId.of(3)));

        assertEquals(PetId.of(3), error.petId());
    }

    @Test
    void updateStockSetsTheQuantityAndKeepsTheStatus() {
        InventoryEntry updated = service.updateStock(UpdateStockCommand.of(2, 7));

        assertEquals(new InventoryEntry(PetId.of(2), Quantity.of(7), PetStatus.PENDING, EntryVersion.of(2)), updated);
        assertEquals(List.of(DOG, updated), listed());
    }

    @Test
    void updateStockIsOneCallToTheRepositoryWithoutAReadBeforeIt() {
        InventoryService writeOnly = new InventoryService(new InventoryRepository() {
            @Override
            public InventorySnapshot streamAll() {
                throw new AssertionError("an update lists nothing");
            }

            @Override
            public InventoryVersion currentVersion() {
                throw new AssertionError("an update lists nothing");
            }

            @Override
            public Optional<InventoryEntry> findByPetId(PetId petId) {
                throw new AssertionError("an update reads nothing before it writes");
            }

            @Override
            public StockUpdate change(EntryChange change) {
                return repository.change(change);
            }

            @Override
            public ChangesOutcome changeAll(List<EntryChange> changes, Optional<IdempotencyClaims.Claimed> claim) {
                throw new AssertionError("a PATCH is one change");
            }
        });

        assertEquals(new InventoryEntry(PetId.of(1), Quantity.of(4), PetStatus.AVAILABLE, EntryVersion.of(2)),
                writeOnly.updateStock(UpdateStockCommand.of(1, 4)));
        assertThrows(InventoryEntryNotFoundException.class, () -> writeOnly.updateStock(UpdateStockCommand.of(3, 7)));
        assertEquals(new InventoryEntry(PetId.of(1), Quantity.of(5), PetStatus.AVAILABLE, EntryVersion.of(3)),
                writeOnly.updateStock(new UpdateStockCommand(PetId.of(1), Quantity.of(5),
                        ExpectedVersions.oneOf(EntryVersion.of(2)), API)));
        assertThrows(StaleInventoryEntryException.class, () -> writeOnly.updateStock(new UpdateStockCommand(
                PetId.of(1), Quantity.of(6), ExpectedVersions.oneOf(EntryVersion.of(2)), API)));
        assertThrows(InventoryEntryNotFoundException.class, () -> writeOnly.updateStock(new UpdateStockCommand(
                PetId.of(3), Quantity.of(6), ExpectedVersions.oneOf(EntryVersion.of(2)), API)));
    }

    @Test
    void aConditionalUpdateAtTheCurrentVersionSucceedsOnce() {
        UpdateStockCommand sawFirstVersion = new UpdateStockCommand(PetId.of(2), Quantity.of(9),
                ExpectedVersions.oneOf(EntryVersion.FIRST), API);

        assertEquals(CAT.withQuantity(Quantity.of(9)), service.updateStock(sawFirstVersion));
        var error = assertThrows(StaleInventoryEntryException.class, () -> service.updateStock(sawFirstVersion));

        assertEquals(PetId.of(2), error.petId());
        assertEquals(List.of(DOG, CAT.withQuantity(Quantity.of(9))), listed());
    }

    @Test
    void aConditionalUpdateOfAnUnknownPetIsNotFound() {
        assertThrows(InventoryEntryNotFoundException.class, () -> service.updateStock(new UpdateStockCommand(
                PetId.of(3), Quantity.of(9), ExpectedVersions.oneOf(EntryVersion.FIRST), API)));
        assertEquals(List.of(DOG, CAT), listed());
    }

    @Test
    void updateStockOfAnUnknownPetIsNotFoundAndCreatesNothing() {
        var error = assertThrows(InventoryEntryNotFoundException.class,
                () -> service.updateStock(UpdateStockCommand.of(3, 7)));

        assertEquals("No inventory entry for pet 3", error.getMessage());
        assertEquals(PetId.of(3), error.petId());
        assertEquals(List.of(DOG, CAT), listed());
    }

    @Test
    void commandRequiresEveryPart() {
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(null, Quantity.of(1), API));
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(PetId.of(1), null, API));
        assertThrows(NullPointerException.class,
                () -> new UpdateStockCommand(PetId.of(1), Quantity.of(1), (ExpectedVersions) null, API));
        assertThrows(NullPointerException.class,
                () -> new UpdateStockCommand(PetId.of(1), Quantity.of(1), (ChangeOrigin) null));
    }

    @Test
    void theChangeIsRecordedWithTheCommandsOrigin() {
        service.updateStock(new UpdateStockCommand(PetId.of(2), Quantity.of(7), API));
        service.updateStock(new UpdateStockCommand(PetId.of(2), Quantity.of(3),
                ExpectedVersions.oneOf(EntryVersion.of(2)), API));

        List<StockChange> changes = repository.changesAfter(0, 10);
        assertEquals(2, changes.size());
        assertEquals(List.of(Quantity.of(1), Quantity.of(7)), changes.stream().map(StockChange::from).toList());
        assertEquals(List.of(Quantity.of(7), Quantity.of(3)), changes.stream().map(StockChange::to).toList());
        assertEquals(List.of(API, API), changes.stream().map(StockChange::origin).toList());
    }

    @Test
    void aCommandWithoutExpectationIsUnconditional() {
        assertEquals(ExpectedVersions.any(), UpdateStockCommand.of(1, 2).expected());
        assertEquals(ExpectedVersions.any(), new UpdateStockCommand(PetId.of(1), Quantity.of(2), API).expected());
    }

    private List<InventoryEntry> listed() {
        try (InventorySnapshot list = service.listInventory()) {
            return list.items().toList();
        }
    }
}
