package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EntryVersionTest {

    @Test
    void startsAtOneAndGrowsByOne() {
        assertEquals(1, EntryVersion.FIRST.value());
        assertEquals(EntryVersion.of(2), EntryVersion.FIRST.next());
        assertEquals(EntryVersion.of(Long.MAX_VALUE), EntryVersion.of(Long.MAX_VALUE - 1).next());
        assertTrue(EntryVersion.of(2).compareTo(EntryVersion.FIRST) > 0);
    }

    @Test
    void isAtLeastOne() {
        assertThrows(InvalidVersionException.class, () -> EntryVersion.of(0));
        assertThrows(InvalidVersionException.class, () -> EntryVersion.of(-1));
        assertThrows(InvalidVersionException.class, () -> EntryVersion.of(Long.MIN_VALUE));
    }

    @Test
    void doesNotWrapAround() {
        assertThrows(ArithmeticException.class, () -> EntryVersion.of(Long.MAX_VALUE).next());
    }

    @Test
    void readsAsItsNumber() {
        assertEquals("17", EntryVersion.of(17).toString());
    }
}
