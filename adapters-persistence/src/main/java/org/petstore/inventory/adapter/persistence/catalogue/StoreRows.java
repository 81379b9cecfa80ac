package org.petstore.inventory.adapter.persistence.catalogue;

import io.micronaut.data.annotation.Query;
import io.micronaut.data.repository.GenericRepository;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the pets and orders, written once in portable SQL and mapped by Micronaut Data (the inventory's hot
 * statements are hand-written JDBC: see {@code JdbcInventoryRepository}). Each supported database has a
 * sub-interface that fixes Micronaut Data's dialect for it ({@link H2StoreRows}, {@link PostgresqlStoreRows}); only the one for the
 * configured backend exists at run time.
 */
interface StoreRows extends GenericRepository<PetRow, Long> {

    @Query("SELECT id, name, status FROM pet WHERE id = :id")
    Optional<PetRow> findPet(long id);

    @Query("SELECT id, pet_id, quantity, ship_date, status, complete FROM store_order ORDER BY id")
    List<OrderRow> findAllOrders();
}
