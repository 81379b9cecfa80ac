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
        var error = assertThrows(InvalidPetNameException.class, () -> new Pet(PetId.of(1), name, PetStatus.SOLD));
        assertEquals("a pet's name has 1 to 100 characters", error.getMessage());
    }

    @Test
    void aTooLongNameIsRefused() {
        var error = assertThrows(InvalidPetNameException.class,
                () -> new Pet(PetId.of(1), "x".repeat(101), PetStatus.SOLD));
        assertEquals("a pet's name has 1 to 100 characters", error.getMessage());
    }

    @Test
    void everyFieldIsRequired() {
        assertThrows(NullPointerException.class, () -> new Pet(null, "Rex", PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new Pet(PetId.of(1), null, PetStatus.SOLD));
        assertThrows(NullPointerException.class, () -> new Pet(PetId.of(1), "Rex", null));
    }
}
