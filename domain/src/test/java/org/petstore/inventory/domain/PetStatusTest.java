package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PetStatusTest {

    @Test
    void wireValuesAreLowerCase() {
        assertEquals(List.of("available", "pending", "sold"),
                Arrays.stream(PetStatus.values()).map(PetStatus::wireValue).toList());
    }

    @Test
    void parsesOnlyExactWireValues() {
        assertEquals(Optional.of(PetStatus.SOLD), PetStatus.fromWireValue("sold"));
        assertEquals(Optional.empty(), PetStatus.fromWireValue("SOLD"));
        assertEquals(Optional.empty(), PetStatus.fromWireValue("lost"));
        assertEquals(Optional.empty(), PetStatus.fromWireValue(null));
    }
}
