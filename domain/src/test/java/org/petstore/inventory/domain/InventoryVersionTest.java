package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class InventoryVersionTest {

    private static final InventoryEntry DOG = new InventoryEntry(PetId.of(1), Quantity.of(10), PetStatus.AVAILABLE);
    private static final InventoryEntry CAT =
            new InventoryEntry(PetId.of(2), Quantity.of(0), PetStatus.SOLD, EntryVersion.of(5));

    @Test
    void countsTheEntriesAndAddsUpTheirVersions() {
        assertEquals(new InventoryVersion(2, 6, 0), InventoryVersion.of(List.of(DOG, CAT)));
        assertEquals(InventoryVersion.EMPTY, InventoryVersion.of(List.of()));
        assertEquals(new InventoryVersion(0, 0, 0), InventoryVersion.EMPTY);
    }

    @Test
    void changesWithEveryChangeOfAnEntry() {
        InventoryVersion before = InventoryVersion.of(List.of(DOG, CAT));

        assertNotEquals(before, InventoryVersion.of(List.of(DOG.withQuantity(Quantity.of(10)), CAT)));
        assertNotEquals(before, InventoryVersion.of(List.of(DOG, CAT.withQuantity(Quantity.of(1)))));
    }

    @Test
    void changesWhenAnEntryIsAdded() {
        InventoryEntry parrot = new InventoryEntry(PetId.of(3), Quantity.of(4), PetStatus.PENDING);

        assertNotEquals(InventoryVersion.of(List.of(DOG, CAT)), InventoryVersion.of(List.of(DOG, CAT, parrot)));
    }

    @Test
    void changesWhenAnEntryIsRemovedAndAnotherAddedAtTheSameVersion() {
        InventoryEntry parrot = new InventoryEntry(PetId.of(3), Quantity.of(10), PetStatus.AVAILABLE);

        InventoryVersion before = InventoryVersion.of(List.of(DOG, CAT), 4);
        InventoryVersion after = InventoryVersion.of(List.of(parrot, CAT), 5);

        assertEquals(new InventoryVersion(2, 6, 4), before);
        assertEquals(new InventoryVersion(2, 6, 5), after);
        assertNotEquals(before, after);
    }

    @Test
    void everyEmptyInventoryHasTheSameVersionWhateverWasRemovedBefore() {
        assertEquals(InventoryVersion.EMPTY, new InventoryVersion(0, 0, 7));
        assertEquals(InventoryVersion.EMPTY, InventoryVersion.of(List.of(), 3));
    }

    @Test
    void holdsOnlyWhatEntriesCanAddUpTo() {
        assertThrows(InvalidVersionException.class, () -> new InventoryVersion(-1, 0, 0));
        assertThrows(InvalidVersionException.class, () -> new InventoryVersion(3, 2, 0));
        assertThrows(InvalidVersionException.class, () -> new InventoryVersion(3, 3, -1));
    }
}
