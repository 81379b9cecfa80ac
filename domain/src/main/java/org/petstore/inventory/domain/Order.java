package org.petstore.inventory.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * An order placed with the store for a number of one pet.
 *
 * @param complete whether the order has been completed
 */
public record Order(OrderId id, PetId petId, Quantity quantity, Instant shipDate, OrderStatus status,
                    boolean complete) {

    public Order {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(shipDate, "shipDate");
        Objects.requireNonNull(status, "status");
    }
}
