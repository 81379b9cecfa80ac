package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PetTest {

    @Test
    void aPetHasANameOfOneToAHundredCharacters() {
        assertEquals("Rex", new Pet(PetId.of(1), "Rex", PetStatus.SOLD).name());
        assertEquals(100, new Pet(PetId.of(1), "x".repeat(100), PetStatus.SOLD).name().length());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void aBlankNameIsRefused(String name) {
        assertThrows(IllegalArgumentException.class, () -> new Pet(PetId.of(1), name, PetStatus.SOLD));
    }

    @Test
    void aTooLongNameIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Pet(PetId.of(1), "x".repeat(101), PetStatus.SOLD));
    }
}
