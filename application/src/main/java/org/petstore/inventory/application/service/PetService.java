package org.petstore.inventory.application.service;

import java.util.Objects;
import org.petstore.inventory.application.port.inbound.FindPetUseCase;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetNotFoundException;

/**
 * The pet use cases. Plain Java: the bootstrap module wires it to a {@link PetRepository}.
 */
public final class PetService implements FindPetUseCase {

    private final PetRepository petRepository;

    public PetService(PetRepository petRepository) {
        this.petRepository = Objects.requireNonNull(petRepository, "petRepository");
    }

    @Override
    public Pet findPet(PetId petId) {
        return petRepository.findById(petId).orElseThrow(() -> new PetNotFoundException(petId));
    }
}
