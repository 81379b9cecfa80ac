package org.petstore.inventory.adapter.in.http.order;

import io.micronaut.serde.annotation.Serdeable;
import org.petstore.inventory.domain.Order;

/** A store order on the wire: the classic Petstore {@code Order}; {@code shipDate} is an ISO-8601 instant. */
@Serdeable
record OrderResponse(long id, long petId, int quantity, String shipDate, String status, boolean complete) {

    static OrderResponse from(Order order) {
        return new OrderResponse(order.id().value(), order.petId().value(), order.quantity().value(),
                order.shipDate().toString(), order.status().wireValue(), order.complete());
    }
}
