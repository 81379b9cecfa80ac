package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.application.port.outbound.PetRepositoryContract;
import org.petstore.inventory.domain.Pet;

/**
 * The pet repository contract on a real database through the Micronaut Data adapter, with the schema built by
 * the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcPetRepositoryTest extends PetRepositoryContract {

    @Inject
    PetRepository repository;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected PetRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<Pet> pets) {
        new StoreTables(transactions).replacePetsWith(pets);
    }
}
