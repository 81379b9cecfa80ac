package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.repository.GenericRepository;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the store, written once in portable SQL. Each supported database has a sub-interface that fixes
 * Micronaut Data's dialect for it ({@link H2StoreRows}, {@link PostgresqlStoreRows}); only the one for the
 * configured backend exists at run time.
 */
interface StoreRows extends GenericRepository<InventoryItemRow, Long> {

    @Query("""
            SELECT i.pet_id, i.quantity, p.status
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""")
    List<InventoryItemRow> findAllInventoryItems();

    @Query("""
            SELECT i.pet_id, i.quantity, p.status
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = :petId""")
    Optional<InventoryItemRow> findInventoryItem(long petId);

    @Query("UPDATE inventory_item SET quantity = :quantity WHERE pet_id = :petId")
    long updateQuantity(long petId, int quantity);

    @Query("SELECT id, name, status FROM pet WHERE id = :id")
    Optional<PetRow> findPet(long id);

    @Query("SELECT id, pet_id, quantity, ship_date, status, complete FROM store_order ORDER BY id")
    List<OrderRow> findAllOrders();
}
