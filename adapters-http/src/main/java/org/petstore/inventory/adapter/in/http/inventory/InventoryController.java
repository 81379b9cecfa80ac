package org.petstore.inventory.adapter.in.http.inventory;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.List;
import org.petstore.inventory.adapter.in.http.error.InvalidRequestException;
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
    InventoryItemResponse updateInventory(@PathVariable("petId") String petId, @Nullable @Body String body) {
        PetId id = parsePetId(petId);
        Quantity quantity = InventoryUpdateReader.read(body);
        return InventoryItemResponse.from(updateStock.updateStock(new UpdateStockCommand(id, quantity)));
    }

    private static PetId parsePetId(String value) {
        try {
            return PetId.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            throw InvalidRequestException.validationFailed(
                    "petId must be an integer from 1 to " + Long.MAX_VALUE + " in the path /v1/inventory/{petId}");
        }
    }
}
