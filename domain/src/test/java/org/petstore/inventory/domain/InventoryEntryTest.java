package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class InventoryEntryTest {

    @Test
    void withQuantityChangesOnlyTheQuantityAsTheNextVersion() {
        var item = new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING);

        var updated = item.withQuantity(Quantity.of(0));

        assertEquals(new InventoryEntry(PetId.of(3), Quantity.of(0), PetStatus.PENDING, EntryVersion.of(2)), updated);
        assertEquals(Quantity.of(5), item.quantity());
        assertEquals(EntryVersion.FIRST, item.version());
    }

    @Test
    void everyChangeOfTheQuantityIsOneMoreVersionEvenToTheSameCount() {
        var item = new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING, EntryVersion.of(41));

        assertEquals(EntryVersion.of(42), item.withQuantity(Quantity.of(5)).version());
        assertEquals(EntryVersion.of(43), item.withQuantity(Quantity.of(5)).withQuantity(Quantity.of(6)).version());
    }

    @Test
    void aNewEntryIsAtTheFirstVersion() {
        assertEquals(new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING, EntryVersion.FIRST),
                new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING));
    }

    @Test
    void atVersionChangesOnlyTheVersion() {
        var item = new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING);

        assertEquals(new InventoryEntry(PetId.of(3), Quantity.of(5), PetStatus.PENDING, EntryVersion.of(7)),
                item.atVersion(EntryVersion.of(7)));
    }

    @Test
    void everyFieldIsRequired() {
        assertThrows(NullPointerException.class, () -> new InventoryEntry(null, Quantity.of(1), PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new InventoryEntry(PetId.of(1), null, PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new InventoryEntry(PetId.of(1), Quantity.of(1), null));
        assertThrows(NullPointerException.class,
                () -> new InventoryEntry(PetId.of(1), Quantity.of(1), PetStatus.SOLD, null));
    }

    @Test
    void notFoundNamesThePet() {
        var error = new InventoryEntryNotFoundException(PetId.of(99));
        assertEquals("No inventory entry for pet 99", error.getMessage());
        assertEquals(PetId.of(99), error.petId());
    }

    @Test
    void staleNamesThePetAndWhatToDo() {
        var error = new StaleInventoryEntryException(PetId.of(99));
        assertEquals("The inventory entry for pet 99 has changed since the version the request names: "
                + "read it again and retry with its current version", error.getMessage());
        assertEquals(PetId.of(99), error.petId());
    }
}
