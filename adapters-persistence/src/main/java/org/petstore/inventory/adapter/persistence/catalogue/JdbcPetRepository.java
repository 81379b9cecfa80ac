package org.petstore.inventory.adapter.persistence.catalogue;

import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/**
 * The {@link PetRepository} port on a relational database through Micronaut Data JDBC.
 */
@Singleton
final class JdbcPetRepository implements PetRepository {

    private final StoreRows rows;
    private final DatabaseCalls calls;

    JdbcPetRepository(StoreRows rows, DatabaseCalls calls) {
        this.rows = rows;
        this.calls = calls;
    }

    @Override
    public Optional<Pet> findById(PetId petId) {
        return calls.read(() -> rows.findPet(petId.value()).map(PetRow::toDomain));
    }
}
