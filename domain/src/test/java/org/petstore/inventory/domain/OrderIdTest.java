package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OrderIdTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 7, Long.MAX_VALUE})
    void acceptsPositiveIds(long value) {
        assertEquals(value, OrderId.of(value).value());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void rejectsZeroAndNegativeIds(long value) {
        var error = assertThrows(InvalidOrderIdException.class, () -> OrderId.of(value));
        assertEquals("an order id is at least 1, got " + value, error.getMessage());
    }
}
