package org.petstore.inventory.adapter.http.order;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.domain.Order;

/** A store order on the wire: the classic Petstore {@code Order}; {@code shipDate} is an ISO-8601 instant. */
@Serdeable
@Schema(name = "Order", description = "An order placed with the store")
record OrderResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "ID of the order", minimum = "1")
        long id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "ID of the pet ordered", minimum = "1")
        long petId,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "How many", minimum = "0")
        int quantity,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED,
                description = "When the order ships (UTC)", format = "date-time")
        String shipDate,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) OrderStatus status,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Whether the order is complete")
        boolean complete) {

    static OrderResponse from(Order order) {
        return new OrderResponse(order.id().value(), order.petId().value(), order.quantity().value(),
                order.shipDate().toString(), OrderStatus.of(order.status()), order.complete());
    }
}
