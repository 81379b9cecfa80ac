package org.petstore.inventory.adapter.http.order;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.ListOrdersUseCase;

/**
 * {@code GET /v1/store/orders}: the orders placed with the store.
 */
@Controller("/v1/store/orders")
@Tag(name = "store")
@ErrorResponses.OfEveryOperation
@ErrorResponses.OfScopedOperation
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class OrderController {

    private final ListOrdersUseCase listOrders;

    OrderController(ListOrdersUseCase listOrders) {
        this.listOrders = listOrders;
    }

    @Get
    @Secured("inventory:read")
    @Operation(operationId = "listOrders", summary = "Returns the orders placed with the store.")
    @ApiResponse(responseCode = "200", description = "Every order, in id order", useReturnTypeSchema = true)
    List<OrderResponse> listOrders() {
        return listOrders.listOrders().stream().map(OrderResponse::from).toList();
    }
}
