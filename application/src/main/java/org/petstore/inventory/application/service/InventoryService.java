package org.petstore.inventory.application.service;

import java.util.Objects;
import java.util.stream.Stream;
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
    public Stream<InventoryItem> listInventory() {
        return inventoryRepository.streamAll();
    }

    /** One call to the store: it sets the quantity and returns the entry as stored, without reading it first. */
    @Override
    public InventoryItem updateStock(UpdateStockCommand command) {
        return inventoryRepository.updateQuantity(command.petId(), command.quantity())
                .orElseThrow(() -> new InventoryItemNotFoundException(command.petId()));
    }
}
