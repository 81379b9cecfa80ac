package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.service.InventoryService;
import org.petstore.inventory.application.service.OrderService;
import org.petstore.inventory.application.service.PetService;
import org.petstore.inventory.application.service.StockChangesService;
import org.petstore.inventory.application.service.StockMovementService;

/**
 * Wires the plain-Java services of the application ring to the adapters that implement their outbound ports.
 * A service bean is injectable as each use case it implements.
 */
@Factory
final class ServiceFactory {

    @Singleton
    InventoryService inventoryService(InventoryRepository inventoryRepository) {
        return new InventoryService(inventoryRepository);
    }

    @Singleton
    StockMovementService stockMovementService(InventoryRepository inventoryRepository,
            IdempotencyClaims idempotencyClaims) {
        return new StockMovementService(inventoryRepository, idempotencyClaims);
    }

    @Singleton
    StockChangesService stockChangesService(StockLedger stockLedger, InventoryRepository inventoryRepository) {
        return new StockChangesService(stockLedger, inventoryRepository);
    }

    @Singleton
    PetService petService(PetRepository petRepository) {
        return new PetService(petRepository);
    }

    @Singleton
    OrderService orderService(OrderRepository orderRepository) {
        return new OrderService(orderRepository);
    }
}
