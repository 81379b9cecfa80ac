package org.petstore.inventory.domain.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyOverlapTest {

    @ParameterizedTest
    @ValueSource(strings = {"PT0S", "PT1S", "PT24H", "P2D", "P7D", "PT168H", "P6DT23H59M59.999999999S"})
    void anOverlapFromNothingToSevenDaysIsAccepted(String text) {
        assertEquals(Duration.parse(text), KeyOverlap.parse(text).value());
    }

    @Test
    void theBoundsAreNothingAndSevenDays() {
        assertEquals(Duration.ZERO, KeyOverlap.NONE.value());
        assertEquals(Duration.ofDays(7), new KeyOverlap(KeyOverlap.MAX).value());
        assertThrows(InvalidKeyRequestException.class, () -> new KeyOverlap(Duration.ofDays(7).plusNanos(1)));
        assertThrows(InvalidKeyRequestException.class, () -> new KeyOverlap(Duration.ofNanos(-1)));
        assertThrows(InvalidKeyRequestException.class, () -> new KeyOverlap(null));
    }

    @Test
    void anOverlapOutOfRangeIsRefusedWithTheRange() {
        assertEquals("overlap must be from PT0S to P7D (an ISO-8601 duration such as PT24H), got PT192H",
                assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse("P8D")).getMessage());
        assertEquals("overlap must be from PT0S to P7D (an ISO-8601 duration such as PT24H), got PT-1H",
                assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse("-PT1H")).getMessage());
    }

    @Test
    void whatIsNotADurationIsRefusedWithAnExample() {
        assertEquals("overlap must be an ISO-8601 duration from PT0S to P7D, such as PT24H, got '24 hours'",
                assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse("24 hours")).getMessage());
        assertEquals("overlap must be an ISO-8601 duration from PT0S to P7D, such as PT24H, got nothing",
                assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse(null)).getMessage());
        assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse(""));
        assertThrows(InvalidKeyRequestException.class, () -> KeyOverlap.parse("P1W"));
    }
}
