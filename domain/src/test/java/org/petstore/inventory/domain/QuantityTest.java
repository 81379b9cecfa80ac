package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QuantityTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 42, Integer.MAX_VALUE})
    void acceptsEveryCountFromZeroToInt32Max(long value) {
        assertEquals(value, Quantity.of(value).value());
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE + 1L, Long.MAX_VALUE, Long.MIN_VALUE})
    void rejectsCountsOutsideTheRange(long value) {
        var error = assertThrows(InvalidQuantityException.class, () -> Quantity.of(value));
        assertEquals("quantity must be an integer from 0 to 2147483647, got " + value, error.getMessage());
    }

    @Test
    void constructorValidatesToo() {
        assertThrows(InvalidQuantityException.class, () -> new Quantity(-5));
    }
}
