package org.petstore.inventory.adapter.http;

import org.petstore.inventory.adapter.http.error.InvalidRequestException;
import org.petstore.inventory.domain.PetId;

/**
 * Reads the path parameters of the API, with the same message for every bad value.
 */
public final class PathParameters {

    private static final int MAX_ECHOED_VALUE = 64;

    private PathParameters() {
    }

    /** A {@code petId} path segment: an integer from 1 to 9223372036854775807, or 400 {@code VALIDATION_FAILED}. */
    public static PetId petId(String value) {
        try {
            return PetId.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            String shown = value.length() <= MAX_ECHOED_VALUE ? value : value.substring(0, MAX_ECHOED_VALUE) + "...";
            throw InvalidRequestException.validationFailed(
                    "petId must be an integer from 1 to " + Long.MAX_VALUE + ", got " + shown);
        }
    }
}
