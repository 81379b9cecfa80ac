package org.petstore.inventory.adapter.persistence;

import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * The {@link InventoryRepository} port on a relational database through Micronaut Data JDBC.
 */
@Singleton
final class JdbcInventoryRepository implements InventoryRepository {

    private final StoreRows rows;
    private final StorageTransactions transactions;

    JdbcInventoryRepository(StoreRows rows, StorageTransactions transactions) {
        this.rows = rows;
        this.transactions = transactions;
    }

    @Override
    public List<InventoryItem> findAll() {
        return transactions.read(() -> rows.findAllInventoryItems().stream().map(StoreMapper::toDomain).toList());
    }

    @Override
    public Optional<InventoryItem> findByPetId(PetId petId) {
        return transactions.read(() -> rows.findInventoryItem(petId.value()).map(StoreMapper::toDomain));
    }

    @Override
    public InventoryItem updateQuantity(InventoryItem item) {
        long petId = item.petId().value();
        return transactions.write(() -> {
            if (rows.updateQuantity(petId, item.quantity().value()) == 0) {
                throw new InventoryItemNotFoundException(item.petId());
            }
            return rows.findInventoryItem(petId).map(StoreMapper::toDomain)
                    .orElseThrow(() -> new InventoryItemNotFoundException(item.petId()));
        });
    }
}
