package org.petstore.inventory.application.service;

import java.util.Objects;
import org.petstore.inventory.application.port.inbound.FindInventoryEntryUseCase;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockUseCase;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockMovement;

/**
 * The inventory use cases. Plain Java: the bootstrap module wires it to an {@link InventoryRepository}.
 */
public final class InventoryService implements ListInventoryUseCase, FindInventoryEntryUseCase, UpdateStockUseCase {

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

    /**
     * One call to the store: it sets the quantity (on condition of the version, when the command has one) and
     * returns the entry as stored, without reading it first.
     */
    @Override
    public InventoryEntry updateStock(UpdateStockCommand command) {
        EntryChange change = new EntryChange(command.petId(), new StockMovement.SetTo(command.quantity()),
                command.expected(), command.origin());
        return StockOutcomes.entryOf(change, inventoryRepository.change(change));
    }
}
