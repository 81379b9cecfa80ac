package org.petstore.inventory.domain.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class KeyNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"till-3", "x", "storefront (web)", "Señor ✓", " spaced "})
    void aNameOf1To100PrintableCharactersIsKeptAsItIs(String name) {
        assertEquals(name, new KeyName(name).value());
        assertEquals(name, new KeyName(name).toString());
    }

    @Test
    void aNameOf100CharactersIsTheLongest() {
        assertEquals(100, new KeyName("n".repeat(KeyName.MAX_LENGTH)).value().length());
        assertEquals("name must be 1 to 100 characters without control characters",
                assertThrows(InvalidKeyRequestException.class, () -> new KeyName("n".repeat(101))).getMessage());
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "\t", "   "})
    void anEmptyNameIsRefusedWithAnExample(String name) {
        assertEquals("name must not be empty: say what the key is for, e.g. \"till-3\"",
                assertThrows(InvalidKeyRequestException.class, () -> new KeyName(name)).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"till\n3", "till\u00003", "till\u007f", "a\rb"})
    void aNameWithAControlCharacterIsRefused(String name) {
        assertThrows(InvalidKeyRequestException.class, () -> new KeyName(name));
    }
}
