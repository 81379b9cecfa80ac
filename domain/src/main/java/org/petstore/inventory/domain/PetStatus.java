package org.petstore.inventory.domain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The status of an inventory entry. Its wire value is the lower-case name.
 */
public enum PetStatus {
    AVAILABLE,
    PENDING,
    SOLD;

    /** The value as the API and the database spell it: {@code available}, {@code pending}, {@code sold}. */
    public String wireValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<PetStatus> fromWireValue(String value) {
        return Arrays.stream(values()).filter(status -> status.wireValue().equals(value)).findFirst();
    }
}
