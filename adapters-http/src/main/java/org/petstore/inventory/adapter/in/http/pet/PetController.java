package org.petstore.inventory.adapter.in.http.pet;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import org.petstore.inventory.adapter.in.http.PathParameters;
import org.petstore.inventory.application.port.in.FindPetUseCase;

/**
 * The deprecated {@code GET /v1/pets/{petId}}. Every response of it carries the deprecation headers
 * ({@link PetsDeprecationFilter}).
 */
@Controller("/v1/pets")
@Secured(SecurityRule.IS_AUTHENTICATED)
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class PetController {

    private final FindPetUseCase findPet;

    PetController(FindPetUseCase findPet) {
        this.findPet = findPet;
    }

    @Get("/{petId}")
    PetResponse getPet(@PathVariable("petId") String petId) {
        return PetResponse.from(findPet.findPet(PathParameters.petId(petId)));
    }
}
