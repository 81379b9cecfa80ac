package org.petstore.inventory.domain.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class KeySecretTest {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    @Test
    void aSecretIsThePrefix43Base62CharactersAndA6CharacterChecksum() {
        String secret = KeySecret.generate(new SecureRandom());

        assertEquals(53, KeySecret.LENGTH);
        assertEquals(53, secret.length());
        assertTrue(secret.startsWith("pst_"), secret);
        assertTrue(secret.substring(4).chars().allMatch(c -> BASE62.indexOf(c) >= 0), secret);
        assertTrue(KeySecret.isWellFormed(secret), secret);
    }

    @Test
    void secretsOfTheSmallestAndLargestRandomBitsAreWellFormed() {
        RandomGenerator zeros = bytesOf((byte) 0);
        RandomGenerator ones = bytesOf((byte) 0xff);

        String smallest = KeySecret.generate(zeros);
        String largest = KeySecret.generate(ones);

        assertEquals("pst_" + "0".repeat(43), smallest.substring(0, 47));
        assertEquals(53, largest.length());
        assertTrue(KeySecret.isWellFormed(smallest), smallest);
        assertTrue(KeySecret.isWellFormed(largest), largest);
    }

    private static RandomGenerator bytesOf(byte value) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return value == 0 ? 0 : -1;
            }

            @Override
            public void nextBytes(byte[] bytes) {
                Arrays.fill(bytes, value);
            }
        };
    }

    @Test
    void everySecretGeneratedIsDifferent() {
        SecureRandom random = new SecureRandom();
        Set<String> secrets = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            assertTrue(secrets.add(KeySecret.generate(random)));
        }
    }

    @Test
    void theChecksumRefusesAnySingleChangedCharacter() {
        Random random = new Random(53);
        for (int round = 0; round < 20; round++) {
            String secret = KeySecret.generate(random);
            for (int i = 0; i < secret.length(); i++) {
                for (char replacement : BASE62.toCharArray()) {
                    if (replacement != secret.charAt(i)) {
                        String changed = secret.substring(0, i) + replacement + secret.substring(i + 1);
                        assertFalse(KeySecret.isWellFormed(changed), changed + " from " + secret);
                    }
                }
            }
        }
    }

    @Test
    void twoCharactersSwappedAreRefused() {
        String secret = KeySecret.generate(new Random(7));
        for (int i = 4; i < secret.length() - 1; i++) {
            if (secret.charAt(i) != secret.charAt(i + 1)) {
                String swapped = secret.substring(0, i) + secret.charAt(i + 1) + secret.charAt(i)
                        + secret.substring(i + 2);
                assertFalse(KeySecret.isWellFormed(swapped), swapped);
            }
        }
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"pst_", "secret", "pst_0000000000000000000000000000000000000000000000000",
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a", "pst_ 000000000000000000000000000000000000000000000000"})
    void whatIsNotASecretIsNotWellFormed(String presented) {
        assertFalse(KeySecret.isWellFormed(presented));
    }

    @Test
    void aWellFormedSecretWithSomethingAroundItIsNot() {
        String secret = KeySecret.generate(new Random(1));

        assertFalse(KeySecret.isWellFormed(" " + secret));
        assertFalse(KeySecret.isWellFormed(secret + "\n"));
        assertFalse(KeySecret.isWellFormed("PST_" + secret.substring(4)));
        assertFalse(KeySecret.isWellFormed(secret.substring(0, 52)));
    }
}
