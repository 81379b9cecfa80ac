package org.petstore.inventory.domain.access;

import java.time.Duration;
import java.time.format.DateTimeParseException;

/** How long a rotated key's old secret keeps working: from 0 to 7 days. */
public record KeyOverlap(Duration value) {

    public static final Duration MAX = Duration.ofDays(7);
    public static final KeyOverlap NONE = new KeyOverlap(Duration.ZERO);

    public KeyOverlap {
        if (value == null || value.isNegative() || value.compareTo(MAX) > 0) {
            throw new InvalidKeyRequestException("overlap must be from PT0S to P7D (an ISO-8601 duration such as "
                    + "PT24H), got " + value);
        }
    }

    /** An ISO-8601 duration as written ({@code PT24H}, {@code P2D}). */
    public static KeyOverlap parse(String text) {
        try {
            return new KeyOverlap(Duration.parse(text));
        } catch (DateTimeParseException | NullPointerException e) {
            throw new InvalidKeyRequestException("overlap must be an ISO-8601 duration from PT0S to P7D, such as "
                    + "PT24H, got " + (text == null ? "nothing" : InvalidKeyRequestException.quoted(text)));
        }
    }
}
