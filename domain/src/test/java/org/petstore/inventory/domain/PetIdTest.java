package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PetIdTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 7, Long.MAX_VALUE})
    void acceptsPositiveIds(long value) {
        assertEquals(value, PetId.of(value).value());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsZeroAndNegativeIds(long value) {
        var error = assertThrows(InvalidPetIdException.class, () -> PetId.of(value));
        assertEquals("petId must be an integer from 1 to 9223372036854775807, got " + value, error.getMessage());
    }
}
