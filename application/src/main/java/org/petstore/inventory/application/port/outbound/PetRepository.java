package org.petstore.inventory.application.port.outbound;

import java.util.Optional;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;

/**
 * Where the store's pets are kept. When the store cannot be reached, it throws {@link StorageUnavailableException}.
 */
public interface PetRepository {

    Optional<Pet> findById(PetId petId);
}
