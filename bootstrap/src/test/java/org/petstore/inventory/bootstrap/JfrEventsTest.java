package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code PETSTORE_JFR} takes a switch's words as every other switch of the service does: {@code true}, {@code yes}
 * and {@code on} (in any case, blanks around them ignored) switch the Flight Recorder on; unset, empty or
 * {@code false}/{@code no}/{@code off} leave it off; anything else is a problem that stops the start.
 */
class JfrEventsTest {

    private static UnaryOperator<String> setTo(String value) {
        return name -> JfrEvents.SWITCH.equals(name) ? value : null;
    }

    @Test
    void theWordsThatSwitchItOn() {
        for (String value : new String[] {"true", "TRUE", " yes ", "On"}) {
            assertTrue(JfrEvents.recorderWanted(setTo(value)), value);
            assertEquals(Optional.empty(), JfrEvents.problem(setTo(value)), value);
        }
    }

    @Test
    void offUnlessAskedFor() {
        for (String value : new String[] {null, "", "false", "no", "OFF"}) {
            assertFalse(JfrEvents.recorderWanted(setTo(value)), value);
            assertEquals(Optional.empty(), JfrEvents.problem(setTo(value)), value);
        }
    }

    @Test
    void anyOtherWordIsAProblem() {
        assertFalse(JfrEvents.recorderWanted(setTo("yes please")));
        assertEquals(Optional.of("PETSTORE_JFR is 'yes please', which is not true or false"),
                JfrEvents.problem(setTo("yes please")));
    }
}
