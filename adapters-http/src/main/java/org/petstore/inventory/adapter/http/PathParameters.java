package org.petstore.inventory.adapter.http;

import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.domain.InvalidPetIdException;
import org.petstore.inventory.domain.PetId;

/**
 * Reads the path parameters of the API, with the domain's message for every bad value.
 */
public final class PathParameters {

    private PathParameters() {
    }

    /** A {@code petId} path segment: an integer from 1 to 9223372036854775807, or 400 {@code VALIDATION_FAILED}. */
    public static PetId petId(String value) {
        try {
            return PetId.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            throw InvalidPetIdException.notAPetId(EchoedInput.value(value));
        }
    }
}
