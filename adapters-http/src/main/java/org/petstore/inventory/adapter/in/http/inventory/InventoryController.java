package org.petstore.inventory.adapter.in.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Produces;
import io.micronaut.http.exceptions.HttpStatusException;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.List;
import org.petstore.inventory.adapter.in.http.PathParameters;
import org.petstore.inventory.application.port.in.ListInventoryUseCase;
import org.petstore.inventory.application.port.in.UpdateStockCommand;
import org.petstore.inventory.application.port.in.UpdateStockUseCase;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The {@code inventory} operations: {@code listInventory} and the experimental {@code updateInventory}.
 */
@Controller("/v1/inventory")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class InventoryController {

    private final ListInventoryUseCase listInventory;
    private final UpdateStockUseCase updateStock;

    InventoryController(ListInventoryUseCase listInventory, UpdateStockUseCase updateStock) {
        this.listInventory = listInventory;
        this.updateStock = updateStock;
    }

    @Get
    List<InventoryItemResponse> listInventory() {
        return listInventory.listInventory().stream().map(InventoryItemResponse::from).toList();
    }

    @Patch("/{petId}")
    @Consumes(MediaType.APPLICATION_JSON)
    InventoryItemResponse updateInventory(@PathVariable("petId") String petId,
                                          @Nullable @Header(HttpHeaders.CONTENT_TYPE) String contentType,
                                          @Nullable @Body String body) {
        if (contentType == null) {
            // @Consumes lets a request without Content-Type through; the body must still say it is JSON
            throw new HttpStatusException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Content-Type is missing");
        }
        PetId id = PathParameters.petId(petId);
        Quantity quantity = InventoryUpdateReader.read(body);
        return InventoryItemResponse.from(updateStock.updateStock(new UpdateStockCommand(id, quantity)));
    }
}
