package org.petstore.inventory.adapter.in.http.pet;

import io.micronaut.serde.annotation.Serdeable;
import org.petstore.inventory.domain.Pet;

/** A pet on the wire: the classic Petstore {@code Pet}, reduced to what the store keeps. */
@Serdeable
record PetResponse(long id, String name, String status) {

    static PetResponse from(Pet pet) {
        return new PetResponse(pet.id().value(), pet.name(), pet.status().wireValue());
    }
}
