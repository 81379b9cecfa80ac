package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.repository.GenericRepository;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the inventory, written once in portable SQL. Each supported database has a sub-interface that fixes
 * Micronaut Data's dialect for it ({@link H2InventoryItemRows}, {@link PostgresqlInventoryItemRows}); only the one
 * for the configured backend exists at run time.
 */
interface InventoryItemRows extends GenericRepository<InventoryItemRow, Long> {

    @Query("SELECT pet_id, quantity, status FROM inventory_item ORDER BY pet_id")
    List<InventoryItemRow> findAllInPetIdOrder();

    @Query("SELECT pet_id, quantity, status FROM inventory_item WHERE pet_id = :petId")
    Optional<InventoryItemRow> findByPetId(long petId);

    @Query("UPDATE inventory_item SET quantity = :quantity WHERE pet_id = :petId")
    long updateQuantity(long petId, int quantity);
}
