package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class CatalogueEntryTest {

    private static final Pet REX = new Pet(PetId.of(1), "Rex", PetStatus.SOLD);

    @Test
    void aStockedPetShowsItsInventoryEntryWithThePetsStatus() {
        CatalogueEntry entry = CatalogueEntry.stocked(REX, Quantity.of(3), EntryVersion.of(7));

        assertEquals(Optional.of(new InventoryEntry(PetId.of(1), Quantity.of(3), PetStatus.SOLD, EntryVersion.of(7))),
                entry.inventoryItem());
        assertEquals(PetId.of(1), entry.petId());
    }

    @Test
    void anUnstockedPetHasNoInventoryEntry() {
        assertEquals(Optional.empty(), CatalogueEntry.unstocked(REX).inventoryItem());
    }

    @Test
    void aStoreWithoutPetsEntriesOrOrdersIsEmpty() {
        assertEquals(true, StoreSize.EMPTY.isEmpty());
        assertEquals(false, new StoreSize(0, 0, 1).isEmpty());
    }
}
