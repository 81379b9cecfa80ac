package org.petstore.inventory.domain.webhook;

import org.petstore.inventory.domain.DomainException;

/**
 * A request to create or change a webhook, or a webhook setting, that names no valid value: its message names the
 * fix. A secret is never quoted in it.
 */
public final class InvalidWebhookRequestException extends DomainException {

    /** The longest part of a value a message quotes: a huge value must not make a huge answer. */
    static final int MAX_QUOTED = 64;

    public InvalidWebhookRequestException(String message) {
        super(message);
    }

    /**
     * A value as given, in quotes, at most {@value #MAX_QUOTED} characters and "..." after them, each control
     * character as {@code ?}; "nothing" for null.
     */
    static String quoted(String value) {
        if (value == null) {
            return "nothing";
        }
        String cut = value.length() <= MAX_QUOTED ? value : value.substring(0, MAX_QUOTED) + "...";
        StringBuilder quoted = new StringBuilder(cut.length() + 2).append('\'');
        cut.chars().forEach(c -> quoted.append(Character.isISOControl(c) ? '?' : (char) c));
        return quoted.append('\'').toString();
    }
}
