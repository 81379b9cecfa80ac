package org.petstore.inventory.domain.access;

import org.petstore.inventory.domain.DomainException;

/** A request to create, rotate or change a key that names no valid key: its message names the fix. */
public final class InvalidKeyRequestException extends DomainException {

    /** The longest part of a value a message quotes: a huge value must not make a huge answer. */
    static final int MAX_QUOTED = 64;

    public InvalidKeyRequestException(String message) {
        super(message);
    }

    /** A value as given, in quotes, at most {@value #MAX_QUOTED} characters and "..." after them. */
    static String quoted(String value) {
        return "'" + (value.length() <= MAX_QUOTED ? value : value.substring(0, MAX_QUOTED) + "...") + "'";
    }
}
