package org.petstore.inventory.domain.webhook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookSecretTest {

    /** The Standard Webhooks specification's test secret (libraries/go and libraries/javascript tests). */
    private static final String SPEC_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String FORM = "a webhook secret is whsec_ followed by the base64 of 24 to 64 bytes";

    @Test
    void theSpecificationsTestSecretDecodesTo24Bytes() {
        WebhookSecret secret = WebhookSecret.parse(SPEC_SECRET);

        assertEquals(24, secret.key().length);
        assertArrayEquals(Base64.getDecoder().decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), secret.key());
        assertEquals(SPEC_SECRET, secret.text());
    }

    @Test
    void aGeneratedSecretIs32RandomBytesAndRoundTrips() {
        WebhookSecret secret = WebhookSecret.generate(new SecureRandom());
        WebhookSecret zeros = WebhookSecret.generate(bytesOf((byte) 0));

        assertEquals(32, secret.key().length);
        assertEquals(50, secret.text().length(), "whsec_ and 44 base64 characters");
        assertTrue(secret.text().matches("whsec_[A-Za-z0-9+/]{43}="), secret.text());
        assertEquals(secret, WebhookSecret.parse(secret.text()));
        assertEquals("whsec_" + "A".repeat(43) + "=", zeros.text());
        assertEquals(zeros, WebhookSecret.parse("whsec_" + "A".repeat(43)), "padding may be left out");
        assertNotEquals(secret, WebhookSecret.generate(new SecureRandom()));
    }

    @Test
    void secretsAreEqualByContent() {
        byte[] bytes = new byte[40];
        Arrays.fill(bytes, (byte) 7);
        byte[] other = bytes.clone();
        other[39] = 8;

        assertEquals(new WebhookSecret(bytes), new WebhookSecret(bytes.clone()));
        assertEquals(new WebhookSecret(bytes).hashCode(), new WebhookSecret(bytes.clone()).hashCode());
        assertNotEquals(new WebhookSecret(bytes), new WebhookSecret(other));
        assertNotEquals(new WebhookSecret(bytes), new WebhookSecret(Arrays.copyOf(bytes, 39)));
    }

    @Test
    void theBytesAreCopiedInAndOut() {
        byte[] bytes = new byte[24];
        WebhookSecret secret = new WebhookSecret(bytes);

        bytes[0] = 1;
        secret.key()[1] = 1;

        assertArrayEquals(new byte[24], secret.key());
    }

    @Test
    void toStringNeverShowsTheSecret() {
        WebhookSecret secret = WebhookSecret.parse(SPEC_SECRET);

        assertEquals("WebhookSecret[redacted]", secret.toString());
        assertFalse(SigningSecrets.of(secret).toString().contains("MfKQ9r8"), SigningSecrets.of(secret).toString());
    }

    @Test
    void from24To64BytesAreAccepted() {
        assertEquals(24, new WebhookSecret(new byte[24]).key().length);
        assertEquals(64, new WebhookSecret(new byte[64]).key().length);
        assertEquals(FORM + "; these are 23 bytes",
                assertThrows(InvalidWebhookRequestException.class, () -> new WebhookSecret(new byte[23]))
                        .getMessage());
        assertEquals(FORM + "; these are 65 bytes",
                assertThrows(InvalidWebhookRequestException.class, () -> new WebhookSecret(new byte[65]))
                        .getMessage());
        assertEquals(FORM + "; these are 23 bytes", assertThrows(InvalidWebhookRequestException.class,
                () -> WebhookSecret.parse("whsec_" + Base64.getEncoder().encodeToString(new byte[23]))).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "",
            "whsec", " whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"})
    void aSecretWithoutThePrefixIsRefusedWithoutQuotingIt(String text) {
        String message = assertThrows(InvalidWebhookRequestException.class, () -> WebhookSecret.parse(text))
                .getMessage();

        assertEquals(FORM + "; this one does not start with whsec_", message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLa!w", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw ",
            "whsec_MfKQ9r8G-KYqrTwjUPD8ILPZIo2LaLaSw", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw=="})
    void aSecretThatIsNotBase64IsRefusedWithoutQuotingIt(String text) {
        String message = assertThrows(InvalidWebhookRequestException.class, () -> WebhookSecret.parse(text))
                .getMessage();

        assertEquals(FORM + "; this one is not base64 after whsec_", message);
        assertFalse(message.contains("MfKQ"), message);
    }

    @Test
    void noSecretIsRefused() {
        assertThrows(InvalidWebhookRequestException.class, () -> WebhookSecret.parse(null));
        assertThrows(NullPointerException.class, () -> new WebhookSecret(null));
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
}
