package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrderStatusTest {

    @Test
    void wireValuesAreTheClassicPetstoreOnes() {
        assertEquals(List.of("placed", "approved", "delivered"),
                Arrays.stream(OrderStatus.values()).map(OrderStatus::wireValue).toList());
        assertEquals(Optional.of(OrderStatus.APPROVED), OrderStatus.fromWireValue("approved"));
        assertEquals(Optional.empty(), OrderStatus.fromWireValue("shipped"));
    }
}
