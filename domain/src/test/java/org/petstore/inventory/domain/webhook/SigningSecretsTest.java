package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SigningSecretsTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final Duration DAY = Duration.ofHours(24);
    private static final WebhookSecret FIRST = secret(1);
    private static final WebhookSecret SECOND = secret(2);
    private static final WebhookSecret THIRD = secret(3);

    private static WebhookSecret secret(int fill) {
        byte[] bytes = new byte[32];
        Arrays.fill(bytes, (byte) fill);
        return new WebhookSecret(bytes);
    }

    @Test
    void aNewWebhookSignsWithItsOneSecret() {
        SigningSecrets secrets = SigningSecrets.of(FIRST);

        assertEquals(List.of(FIRST), secrets.at(T0));
        assertEquals(List.of(FIRST), secrets.at(T0.plus(Duration.ofDays(1000))));
        assertNull(secrets.previous());
        assertNull(secrets.previousUntil());
    }

    @Test
    void afterARotationBothSignForTheOverlapTheNewOneFirst() {
        SigningSecrets rotated = SigningSecrets.of(FIRST).rotate(SECOND, T0, DAY);

        assertEquals(new SigningSecrets(SECOND, FIRST, T0.plus(DAY)), rotated);
        assertEquals(List.of(SECOND, FIRST), rotated.at(T0));
        assertEquals(List.of(SECOND, FIRST), rotated.at(T0.plus(DAY).minusNanos(1)));
        assertEquals(List.of(SECOND), rotated.at(T0.plus(DAY)), "the overlap's end is exclusive");
        assertEquals(List.of(SECOND), rotated.at(T0.plus(DAY).plusSeconds(1)));
    }

    @Test
    void aSecondRotationDropsTheOldestAtOnce() {
        SigningSecrets twice = SigningSecrets.of(FIRST).rotate(SECOND, T0, DAY)
                .rotate(THIRD, T0.plus(Duration.ofHours(1)), DAY);

        assertEquals(List.of(THIRD, SECOND), twice.at(T0.plus(Duration.ofHours(1))));
        assertEquals(T0.plus(Duration.ofHours(25)), twice.previousUntil());
    }

    @Test
    void anOverlapOfZeroSignsWithTheNewSecretAlone() {
        assertEquals(List.of(SECOND), SigningSecrets.of(FIRST).rotate(SECOND, T0, Duration.ZERO).at(T0));
    }

    @Test
    void aRotationNeedsANewSecretAndAnOverlapOfZeroOrMore() {
        SigningSecrets secrets = SigningSecrets.of(FIRST);

        assertEquals("a rotation's overlap is zero or more, got PT-1S", assertThrows(
                InvalidWebhookRequestException.class, () -> secrets.rotate(SECOND, T0, Duration.ofSeconds(-1)))
                .getMessage());
        assertEquals("a rotation needs a new secret, not the current one again", assertThrows(
                InvalidWebhookRequestException.class, () -> secrets.rotate(secret(1), T0, DAY)).getMessage());
    }

    @Test
    void aPreviousSecretAndItsEndComeTogether() {
        String message = "a previous secret needs the instant it stops signing, and only a previous secret has one";

        assertEquals(message, assertThrows(InvalidWebhookRequestException.class,
                () -> new SigningSecrets(FIRST, SECOND, null)).getMessage());
        assertEquals(message, assertThrows(InvalidWebhookRequestException.class,
                () -> new SigningSecrets(FIRST, null, T0)).getMessage());
        assertThrows(NullPointerException.class, () -> new SigningSecrets(null, null, null));
    }

    @Test
    void toStringShowsNoSecret() {
        assertEquals("SigningSecrets[current=WebhookSecret[redacted], previous=WebhookSecret[redacted], "
                + "previousUntil=2026-11-29T10:00:00Z]", SigningSecrets.of(FIRST).rotate(SECOND, T0, DAY).toString());
    }
}
