package org.petstore.inventory.adapter.persistence;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.PetStatus;

/**
 * How the {@code status} columns spell the domain's statuses: the lower-case name ({@code available},
 * {@code pending}, {@code sold}; {@code placed}, {@code approved}, {@code delivered}), as the tables' check
 * constraints require.
 */
public final class StatusColumns {

    private StatusColumns() {
    }

    /** A pet's or an order's status as its column spells it. */
    public static String valueOf(Enum<?> status) {
        return status.name().toLowerCase(Locale.ROOT);
    }

    /** The pet status a column value spells exactly; empty for any other value. Read for every listed row. */
    static Optional<PetStatus> petStatus(String column) {
        if (column == null) {
            return Optional.empty();
        }
        return switch (column) {
            case "available" -> Optional.of(PetStatus.AVAILABLE);
            case "pending" -> Optional.of(PetStatus.PENDING);
            case "sold" -> Optional.of(PetStatus.SOLD);
            default -> Optional.empty();
        };
    }

    /** The order status a column value spells exactly; empty for any other value. */
    static Optional<OrderStatus> orderStatus(String column) {
        return Arrays.stream(OrderStatus.values()).filter(status -> valueOf(status).equals(column)).findFirst();
    }
}
