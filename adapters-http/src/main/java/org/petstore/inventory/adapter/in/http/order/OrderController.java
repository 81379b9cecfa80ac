package org.petstore.inventory.adapter.in.http.order;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.List;
import org.petstore.inventory.application.port.in.ListOrdersUseCase;

/**
 * {@code GET /v1/store/orders}: the orders placed with the store.
 */
@Controller("/v1/store/orders")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class OrderController {

    private final ListOrdersUseCase listOrders;

    OrderController(ListOrdersUseCase listOrders) {
        this.listOrders = listOrders;
    }

    @Get
    List<OrderResponse> listOrders() {
        return listOrders.listOrders().stream().map(OrderResponse::from).toList();
    }
}
