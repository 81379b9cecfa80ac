package org.petstore.inventory.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ChangeOriginTest {

    @Test
    void aReasonIsGivenToAnOriginAsItIs() {
        ChangeOrigin origin = ChangeOrigin.api("key-1", "request-1", null);

        assertEquals(ChangeOrigin.api("key-1", "request-1", ChangeReason.SALE), origin.withReason(ChangeReason.SALE));
        assertEquals(origin, origin.withReason(ChangeReason.SALE).withReason(null));
    }
}
