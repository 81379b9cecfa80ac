package org.petstore.inventory.application.port.outbound;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/**
 * An in-memory {@link PetRepository}: the fake the application's tests run against. It passes the same contract
 * suite as the real backends.
 */
public final class InMemoryPetRepository implements PetRepository {

    private final ConcurrentHashMap<PetId, Pet> pets = new ConcurrentHashMap<>();

    public void store(Pet... entries) {
        for (Pet pet : entries) {
            pets.put(pet.id(), pet);
        }
    }

    public void clear() {
        pets.clear();
    }

    @Override
    public Optional<Pet> findById(PetId petId) {
        return Optional.ofNullable(pets.get(petId));
    }
}
