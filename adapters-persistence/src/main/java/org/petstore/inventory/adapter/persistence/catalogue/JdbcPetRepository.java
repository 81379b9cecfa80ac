package org.petstore.inventory.adapter.persistence.catalogue;

import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.StorageTransactions;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/**
 * The {@link PetRepository} port on a relational database through Micronaut Data JDBC.
 */
@Singleton
final class JdbcPetRepository implements PetRepository {

    private final StoreRows rows;
    private final StorageTransactions transactions;

    JdbcPetRepository(StoreRows rows, StorageTransactions transactions) {
        this.rows = rows;
        this.transactions = transactions;
    }

    @Override
    public Optional<Pet> findById(PetId petId) {
        return transactions.read(() -> rows.findPet(petId.value()).map(PetRow::toDomain));
    }
}
