package org.petstore.inventory.bootstrap;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.out.InventoryRepository;
import org.petstore.inventory.application.service.InventoryService;

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
}
