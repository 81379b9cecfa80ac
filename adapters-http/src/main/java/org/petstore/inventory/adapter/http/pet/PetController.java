package org.petstore.inventory.adapter.http.pet;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.petstore.inventory.adapter.http.PathParameters;
import org.petstore.inventory.adapter.http.error.ErrorBody;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;
import org.petstore.inventory.application.port.inbound.FindPetUseCase;

/**
 * The deprecated {@code GET /v1/pets/{petId}}. Every response of it carries the deprecation headers
 * ({@link PetsDeprecationFilter}).
 */
@Controller(PetController.PATH)
@Tag(name = "pet")
@ErrorResponses.OfEveryOperation
@ErrorResponses.OfScopedOperation
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
final class PetController {

    static final String PATH = "/v1/pets";
    static final String ONE_PET = "/{petId}";

    private final FindPetUseCase findPet;

    PetController(FindPetUseCase findPet) {
        this.findPet = findPet;
    }

    @Get(ONE_PET)
    @Secured("inventory:read")
    @Operation(operationId = "getPetById", summary = "Returns one pet.", deprecated = true,
            description = "Deprecated, with a sunset date: every response carries Deprecation, Sunset and a Link "
                    + "with rel=\"sunset\".")
    @ApiResponse(responseCode = "200", description = "The pet", useReturnTypeSchema = true)
    @ApiResponse(responseCode = "400", description = "petId is not an integer from 1 to 9223372036854775807",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @ApiResponse(responseCode = "404", description = "No pet has this ID",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    PetResponse getPet(
            @Parameter(description = "ID of the pet", required = true,
                    schema = @Schema(type = "integer", format = "int64", minimum = "1"))
            @PathVariable("petId") String petId) {
        return PetResponse.from(findPet.findPet(PathParameters.petId(petId)));
    }
}
