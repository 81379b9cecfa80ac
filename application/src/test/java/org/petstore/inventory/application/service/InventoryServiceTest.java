package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

class InventoryServiceTest {

    private static final InventoryItem DOG = new InventoryItem(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE);
    private static final InventoryItem CAT = new InventoryItem(PetId.of(2), Quantity.of(1), PetStatus.PENDING);

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
        Stream<InventoryItem> list = service.listInventory();
        assertEquals(1, repository.openStreams());

        list.close();
        assertEquals(0, repository.openStreams());
    }

    @Test
    void updateStockSetsTheQuantityAndKeepsTheStatus() {
        InventoryItem updated = service.updateStock(UpdateStockCommand.of(2, 7));

        assertEquals(new InventoryItem(PetId.of(2), Quantity.of(7), PetStatus.PENDING), updated);
        assertEquals(List.of(DOG, updated), listed());
    }

    @Test
    void updateStockIsOneCallToTheRepositoryWithoutAReadBeforeIt() {
        InventoryService writeOnly = new InventoryService(new InventoryRepository() {
            @Override
            public Stream<InventoryItem> streamAll() {
                throw new AssertionError("an update lists nothing");
            }

            @Override
            public Optional<InventoryItem> findByPetId(PetId petId) {
                throw new AssertionError("an update reads nothing before it writes");
            }

            @Override
            public Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity) {
                return repository.updateQuantity(petId, quantity);
            }
        });

        assertEquals(new InventoryItem(PetId.of(1), Quantity.of(4), PetStatus.AVAILABLE),
                writeOnly.updateStock(UpdateStockCommand.of(1, 4)));
        assertThrows(InventoryItemNotFoundException.class, () -> writeOnly.updateStock(UpdateStockCommand.of(3, 7)));
    }

    @Test
    void updateStockOfAnUnknownPetIsNotFoundAndCreatesNothing() {
        var error = assertThrows(InventoryItemNotFoundException.class,
                () -> service.updateStock(UpdateStockCommand.of(3, 7)));

        assertEquals("No inventory entry for pet 3", error.getMessage());
        assertEquals(PetId.of(3), error.petId());
        assertEquals(List.of(DOG, CAT), listed());
    }

    @Test
    void commandRequiresBothParts() {
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(null, Quantity.of(1)));
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(PetId.of(1), null));
    }

    private List<InventoryItem> listed() {
        try (Stream<InventoryItem> list = service.listInventory()) {
            return list.toList();
        }
    }
}
