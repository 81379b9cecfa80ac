package org.petstore.inventory.adapter.http;

import java.util.regex.Pattern;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.domain.InvalidPetIdException;
import org.petstore.inventory.domain.PetId;

/**
 * Reads the path parameters of the API, with the domain's message for every bad value.
 */
public final class PathParameters {

    /**
     * An integer in ASCII digits. {@link Long#parseLong} alone would also take other Unicode digits (Arabic-Indic,
     * fullwidth, ...), so that a path no client means as a number would name a pet.
     */
    private static final Pattern ASCII_INTEGER = Pattern.compile("[+-]?[0-9]+");

    private PathParameters() {
    }

    /**
     * A {@code petId} path segment: an integer from 1 to 9223372036854775807 in ASCII digits, or 400
     * {@code VALIDATION_FAILED}.
     */
    public static PetId petId(String value) {
        if (!ASCII_INTEGER.matcher(value).matches()) {
            throw InvalidPetIdException.notAPetId(EchoedInput.value(value));
        }
        try {
            return PetId.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            throw InvalidPetIdException.notAPetId(EchoedInput.value(value));
        }
    }
}
