package org.petstore.inventory.application.port.inbound;

import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetNotFoundException;

/**
 * Looks up one pet of the store.
 */
public interface FindPetUseCase {

    /**
     * @throws PetNotFoundException when no pet has the ID
     */
    Pet findPet(PetId petId);
}
