package org.petstore.inventory.domain;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a store order stands. Its wire value is the lower-case name.
 */
public enum OrderStatus {
    PLACED,
    APPROVED,
    DELIVERED;

    /** The value as the API and the database spell it: {@code placed}, {@code approved}, {@code delivered}. */
    public String wireValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<OrderStatus> fromWireValue(String value) {
        return Arrays.stream(values()).filter(status -> status.wireValue().equals(value)).findFirst();
    }
}
