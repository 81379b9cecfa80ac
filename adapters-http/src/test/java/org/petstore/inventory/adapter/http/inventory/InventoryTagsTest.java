package org.petstore.inventory.adapter.http.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

class InventoryTagsTest {

    private static final PetId PET_2 = PetId.of(2);

    @Test
    void anEntrysTagIsStrongAndNamesThePetAndTheVersion() {
        InventoryEntry entry = new InventoryEntry(PET_2, Quantity.of(7), PetStatus.SOLD, EntryVersion.of(5));

        assertEquals("\"2.5\"", InventoryTags.of(entry).toString());
    }

    @Test
    void theListsTagIsWeakAndNamesItsVersion() {
        assertEquals("W/\"12.40.0\"", InventoryTags.of(new InventoryVersion(12, 40, 0)).toString());
        assertEquals("W/\"12.40.3\"", InventoryTags.of(new InventoryVersion(12, 40, 3)).toString());
        assertEquals("W/\"0.0.0\"", InventoryTags.of(InventoryVersion.EMPTY).toString());
    }

    @Test
    void ifNoneMatchNamesTheCurrentTagByWeakComparisonOrByAStar() {
        EntityTag list = EntityTag.weak("3.3");

        assertTrue(InventoryTags.names(new EntityTag.AnyTag(), list));
        assertTrue(InventoryTags.names(new EntityTag.OneOf(List.of(EntityTag.weak("3.3"))), list));
        assertTrue(InventoryTags.names(new EntityTag.OneOf(List.of(EntityTag.strong("3.3"))), list));
        assertTrue(InventoryTags.names(new EntityTag.OneOf(List.of(EntityTag.weak("1.1"), EntityTag.weak("3.3"))),
                list));
        assertFalse(InventoryTags.names(new EntityTag.OneOf(List.of(EntityTag.weak("3.4"))), list));
        assertFalse(InventoryTags.names(new EntityTag.OneOf(List.of()), list));
    }

    @Test
    void ifMatchStarAcceptsAnyVersion() {
        assertEquals(ExpectedVersions.any(), InventoryTags.expectedBy(new EntityTag.AnyTag(), PET_2));
    }

    @Test
    void ifMatchAcceptsTheVersionsItsStrongTagsOfThisEntryName() {
        assertEquals(ExpectedVersions.oneOf(EntryVersion.of(5)), expectedBy(EntityTag.strong("2.5")));
        assertEquals(ExpectedVersions.oneOf(EntryVersion.of(5), EntryVersion.of(9)),
                expectedBy(EntityTag.strong("2.5"), EntityTag.strong("2.9"), EntityTag.strong("2.5")));
        assertEquals(ExpectedVersions.oneOf(EntryVersion.of(Long.MAX_VALUE)),
                expectedBy(EntityTag.strong("2." + Long.MAX_VALUE)));
    }

    @Test
    void ifMatchNeverAcceptsAWeakTagAnotherEntrysTagOrATagThisServiceNeverSends() {
        ExpectedVersions none = ExpectedVersions.oneOf(List.of());

        assertEquals(none, expectedBy(EntityTag.weak("2.5")));
        assertEquals(none, expectedBy(EntityTag.strong("1.5"), EntityTag.strong("12.5"), EntityTag.strong("22.5")));
        assertEquals(none, expectedBy(EntityTag.strong("2.0"), EntityTag.strong("2.-1"), EntityTag.strong("2.05"),
                EntityTag.strong("2.+5"), EntityTag.strong("02.5"), EntityTag.strong("2.5 "), EntityTag.strong("2."),
                EntityTag.strong("2.9223372036854775808"), EntityTag.strong("5"), EntityTag.strong("")));
        assertEquals(none, expectedBy());
    }

    private static ExpectedVersions expectedBy(EntityTag... tags) {
        return InventoryTags.expectedBy(new EntityTag.OneOf(List.of(tags)), PET_2);
    }
}
