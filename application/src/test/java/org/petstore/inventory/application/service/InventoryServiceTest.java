package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
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
        assertEquals(List.of(DOG, CAT), service.listInventory());
    }

    @Test
    void updateStockSetsTheQuantityAndKeepsTheStatus() {
        InventoryItem updated = service.updateStock(UpdateStockCommand.of(2, 7));

        assertEquals(new InventoryItem(PetId.of(2), Quantity.of(7), PetStatus.PENDING), updated);
        assertEquals(List.of(DOG, updated), service.listInventory());
    }

    @Test
    void updateStockOfAnUnknownPetIsNotFoundAndCreatesNothing() {
        var error = assertThrows(InventoryItemNotFoundException.class,
                () -> service.updateStock(UpdateStockCommand.of(3, 7)));

        assertEquals("No inventory entry for pet 3", error.getMessage());
        assertEquals(List.of(DOG, CAT), service.listInventory());
    }

    @Test
    void commandRequiresBothParts() {
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(null, Quantity.of(1)));
        assertThrows(NullPointerException.class, () -> new UpdateStockCommand(PetId.of(1), null));
    }
}
