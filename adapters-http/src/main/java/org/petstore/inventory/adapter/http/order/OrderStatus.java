package org.petstore.inventory.adapter.http.order;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** An order's status on the wire: lower-case values, as in the classic Petstore. */
@Serdeable
@Schema(name = "OrderStatus", description = "Where an order stands")
enum OrderStatus {
    @JsonProperty("placed")
    PLACED,
    @JsonProperty("approved")
    APPROVED,
    @JsonProperty("delivered")
    DELIVERED;

    static OrderStatus of(org.petstore.inventory.domain.OrderStatus status) {
        return switch (status) {
            case PLACED -> PLACED;
            case APPROVED -> APPROVED;
            case DELIVERED -> DELIVERED;
        };
    }
}
