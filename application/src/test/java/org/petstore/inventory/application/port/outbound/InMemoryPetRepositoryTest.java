package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.Pet;

class InMemoryPetRepositoryTest extends PetRepositoryContract {

    private final InMemoryPetRepository repository = new InMemoryPetRepository();

    @Override
    protected PetRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<Pet> pets) {
        repository.clear();
        repository.store(pets.toArray(Pet[]::new));
    }
}
