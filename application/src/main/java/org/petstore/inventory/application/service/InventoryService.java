package org.petstore.inventory.application.service;

import java.util.Objects;
import org.petstore.inventory.application.port.inbound.FindInventoryEntryUseCase;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;

/**
 * The inventory's reads (its changes: {@link StockMovementService}). Plain Java: the bootstrap module wires it to an
 * {@link InventoryRepository}.
 */
public final class InventoryService implements ListInventoryUseCase, FindInventoryEntryUseCase {

    private final InventoryRepository inventoryRepository;

    public InventoryService(InventoryRepository inventoryRepository) {
        this.inventoryRepository = Objects.requireNonNull(inventoryRepository, "inventoryRepository");
    }

    @Override
    public InventorySnapshot listInventory() {
        return inventoryRepository.streamAll();
    }

    @Override
    public InventoryVersion currentInventoryVersion() {
        return inventoryRepository.currentVersion();
    }

    @Override
    public InventoryEntry findInventoryEntry(PetId petId) {
        return inventoryRepository.findByPetId(petId).orElseThrow(() -> new InventoryEntryNotFoundException(petId));
    }

}
