package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.transaction.annotation.Transactional;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import org.petstore.inventory.application.port.out.InventoryRepository;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventoryItemNotFoundException;
import org.petstore.inventory.domain.PetId;

/**
 * The {@link InventoryRepository} port on a relational database through Micronaut Data JDBC. Transaction
 * boundaries live here, so the application ring stays free of framework annotations.
 */
@Singleton
class JdbcInventoryRepository implements InventoryRepository {

    private final InventoryItemRows rows;

    JdbcInventoryRepository(InventoryItemRows rows) {
        this.rows = rows;
    }

    @Override
    @Transactional(readOnly = true)
    public List<InventoryItem> findAll() {
        return rows.findAllInPetIdOrder().stream().map(InventoryItemMapper::toDomain).toList();
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<InventoryItem> findByPetId(PetId petId) {
        return rows.findByPetId(petId.value()).map(InventoryItemMapper::toDomain);
    }

    @Override
    @Transactional
    public InventoryItem updateQuantity(InventoryItem item) {
        long petId = item.petId().value();
        if (rows.updateQuantity(petId, item.quantity().value()) == 0) {
            throw new InventoryItemNotFoundException(item.petId());
        }
        return rows.findByPetId(petId).map(InventoryItemMapper::toDomain)
                .orElseThrow(() -> new InventoryItemNotFoundException(item.petId()));
    }
}
