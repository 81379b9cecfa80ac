package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class InventoryItemTest {

    @Test
    void withQuantityChangesOnlyTheQuantity() {
        var item = new InventoryItem(PetId.of(3), Quantity.of(5), PetStatus.PENDING);

        var updated = item.withQuantity(Quantity.of(0));

        assertEquals(new InventoryItem(PetId.of(3), Quantity.of(0), PetStatus.PENDING), updated);
        assertEquals(Quantity.of(5), item.quantity());
    }

    @Test
    void everyFieldIsRequired() {
        assertThrows(NullPointerException.class, () -> new InventoryItem(null, Quantity.of(1), PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new InventoryItem(PetId.of(1), null, PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new InventoryItem(PetId.of(1), Quantity.of(1), null));
    }

    @Test
    void notFoundNamesThePet() {
        var error = new InventoryItemNotFoundException(PetId.of(99));
        assertEquals("No inventory entry for pet 99", error.getMessage());
        assertEquals(PetId.of(99), error.petId());
    }
}
