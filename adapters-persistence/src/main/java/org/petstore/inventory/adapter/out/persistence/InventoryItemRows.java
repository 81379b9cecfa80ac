package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.jdbc.annotation.JdbcRepository;
import io.micronaut.data.model.query.builder.sql.Dialect;
import io.micronaut.data.repository.GenericRepository;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the inventory. Portable SQL only: the same statements run on every supported database.
 */
@JdbcRepository(dialect = Dialect.H2)
interface InventoryItemRows extends GenericRepository<InventoryItemRow, Long> {

    @Query("SELECT pet_id, quantity, status FROM inventory_item ORDER BY pet_id")
    List<InventoryItemRow> findAllInPetIdOrder();

    @Query("SELECT pet_id, quantity, status FROM inventory_item WHERE pet_id = :petId")
    Optional<InventoryItemRow> findByPetId(long petId);

    @Query("UPDATE inventory_item SET quantity = :quantity WHERE pet_id = :petId")
    long updateQuantity(long petId, int quantity);
}
