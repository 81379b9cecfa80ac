package org.petstore.inventory.domain.webhook;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A webhook's signing secret, as Standard Webhooks v1 defines it: {@code whsec_} followed by the standard base64 of
 * {@value #MIN_BYTES} to {@value #MAX_BYTES} random bytes. The HMAC key is those bytes ({@link #key()}), not the text.
 * Equal by content (compared in constant time); {@link #toString()} never shows it, and no message quotes it.
 *
 * @param key the secret's bytes (copied in and out)
 */
public record WebhookSecret(byte[] key) {

    public static final String PREFIX = "whsec_";
    public static final int MIN_BYTES = 24;
    public static final int MAX_BYTES = 64;
    /** What {@link #generate} draws: 256 bits, {@code whsec_} and 44 characters. */
    public static final int GENERATED_BYTES = 32;
    private static final String FORM = "a webhook secret is " + PREFIX + " followed by the base64 of " + MIN_BYTES
            + " to " + MAX_BYTES + " bytes";

    public WebhookSecret {
        Objects.requireNonNull(key, "key");
        if (key.length < MIN_BYTES || key.length > MAX_BYTES) {
            throw new InvalidWebhookRequestException(FORM + "; these are " + key.length + " bytes");
        }
        key = key.clone();
    }

    /** A new secret of {@value #GENERATED_BYTES} bytes from {@code random}, which should be a {@code SecureRandom}. */
    public static WebhookSecret generate(RandomGenerator random) {
        byte[] bytes = new byte[GENERATED_BYTES];
        random.nextBytes(bytes);
        return new WebhookSecret(bytes);
    }

    /** A secret as {@link #text()} writes it; padding may be left out. The text is never quoted back. */
    public static WebhookSecret parse(String whsec) {
        if (whsec == null || !whsec.startsWith(PREFIX)) {
            throw new InvalidWebhookRequestException(FORM + "; this one does not start with " + PREFIX);
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(whsec.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new InvalidWebhookRequestException(FORM + "; this one is not base64 after " + PREFIX);
        }
        return new WebhookSecret(bytes);
    }

    /** The HMAC key: a copy of the secret's bytes. */
    @Override
    public byte[] key() {
        return key.clone();
    }

    /** {@code whsec_} and the standard base64 (with padding) of the bytes: what the receiver is given. */
    public String text() {
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WebhookSecret secret && MessageDigest.isEqual(key, secret.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    /** Redacted: a secret never reaches a log through a {@code toString}. */
    @Override
    public String toString() {
        return "WebhookSecret[redacted]";
    }
}
