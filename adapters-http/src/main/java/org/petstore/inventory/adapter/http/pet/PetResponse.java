package org.petstore.inventory.adapter.http.pet;

import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import org.petstore.inventory.adapter.http.PetStatus;
import org.petstore.inventory.domain.Pet;

/** A pet on the wire: the classic Petstore {@code Pet}, reduced to what the store keeps. */
@Serdeable
@Schema(name = "Pet", description = "An animal of the store")
record PetResponse(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "ID of the pet", minimum = "1")
        long id,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Name of the pet")
        String name,
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) PetStatus status) {

    static PetResponse from(Pet pet) {
        return new PetResponse(pet.id().value(), pet.name(), PetStatus.of(pet.status()));
    }
}
