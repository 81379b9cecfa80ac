package org.petstore.inventory.application.service;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockUseCase;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;

/**
 * The inventory use cases. Plain Java: the bootstrap module wires it to an {@link InventoryRepository}.
 */
public final class InventoryService implements ListInventoryUseCase, UpdateStockUseCase {

    private final InventoryRepository inventoryRepository;

    public InventoryService(InventoryRepository inventoryRepository) {
        this.inventoryRepository = Objects.requireNonNull(inventoryRepository, "inventoryRepository");
    }

    @Override
    public List<InventoryItem> listInventory() {
        return inventoryRepository.findAll();
    }

    @Override
    public InventoryItem updateStock(UpdateStockCommand command) {
        InventoryItem current = inventoryRepository.findByPetId(command.petId())
                .orElseThrow(() -> new InventoryItemNotFoundException(command.petId()));
        return inventoryRepository.updateQuantity(current.withQuantity(command.quantity()));
    }
}
