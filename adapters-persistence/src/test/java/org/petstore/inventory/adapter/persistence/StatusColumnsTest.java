package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.PetStatus;

/** The status columns hold the lower-case names the tables' check constraints allow. */
class StatusColumnsTest {

    @Test
    void petStatusesAreLowerCase() {
        assertEquals(List.of("available", "pending", "sold"),
                Arrays.stream(PetStatus.values()).map(StatusColumns::valueOf).toList());
    }

    @Test
    void parsesOnlyExactPetStatusValues() {
        assertEquals(Optional.of(PetStatus.SOLD), StatusColumns.petStatus("sold"));
        assertEquals(Optional.empty(), StatusColumns.petStatus("SOLD"));
        assertEquals(Optional.empty(), StatusColumns.petStatus("lost"));
        assertEquals(Optional.empty(), StatusColumns.petStatus(null));
    }

    @Test
    void orderStatusesAreTheClassicPetstoreOnes() {
        assertEquals(List.of("placed", "approved", "delivered"),
                Arrays.stream(OrderStatus.values()).map(StatusColumns::valueOf).toList());
        assertEquals(Optional.of(OrderStatus.APPROVED), StatusColumns.orderStatus("approved"));
        assertEquals(Optional.empty(), StatusColumns.orderStatus("shipped"));
    }
}
