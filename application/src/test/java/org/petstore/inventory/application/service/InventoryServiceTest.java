package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

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
        updateQuantity(repository, PetId.of(2), Quantity.of(7), API);

        assertEquals(new InventoryVersion(2, 3, 0), service.currentInventoryVersion());
    }

    @Test
    void findInventoryEntryReturnsTheEntryWithItsVersion() {
        updateQuantity(repository, PetId.of(2), Quantity.of(7), API);

        assertEquals(CAT.withQuantity(Quantity.of(7)), service.findInventoryEntry(PetId.of(2)));
        assertEquals(EntryVersion.of(2), service.findInventoryEntry(PetId.of(2)).version());
    }

    @Test
    void findInventoryEntryOfAnUnknownPetIsNotFound() {
        var error = assertThrows(InventoryEntryNotFoundException.class, () -> service.findInventoryEntry(PetId.of(3)));

        assertEquals(PetId.of(3), error.petId());
    }

    private List<InventoryEntry> listed() {
        try (InventorySnapshot list = service.listInventory()) {
            return list.items().toList();
        }
    }
}
