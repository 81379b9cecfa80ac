package org.petstore.inventory.domain.webhook;

import java.util.HexFormat;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/** A webhook's id: {@code whk-} and 12 lower-case hex digits, made once at creation. Not a secret. */
public record WebhookId(String value) {

    private static final Pattern FORMAT = Pattern.compile("whk-[0-9a-f]{12}");

    public WebhookId {
        if (value == null || !FORMAT.matcher(value).matches()) {
            throw new InvalidWebhookRequestException(InvalidWebhookRequestException.quoted(value)
                    + " is not a webhook id: whk- and 12 lower-case hex digits");
        }
    }

    /** A new id from 48 random bits ({@code random} should be a {@code SecureRandom}). */
    public static WebhookId generate(RandomGenerator random) {
        byte[] bytes = new byte[6];
        random.nextBytes(bytes);
        return new WebhookId("whk-" + HexFormat.of().formatHex(bytes));
    }

    /**
     * The id a caller named. Text that is not an id names no webhook: a {@link WebhookNotFoundException}, as an
     * unknown id is.
     */
    public static WebhookId parse(String text) {
        if (text == null || !FORMAT.matcher(text).matches()) {
            throw new WebhookNotFoundException(text);
        }
        return new WebhookId(text);
    }

    @Override
    public String toString() {
        return value;
    }
}
