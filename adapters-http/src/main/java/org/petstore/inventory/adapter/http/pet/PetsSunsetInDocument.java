package org.petstore.inventory.adapter.http.pet;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import org.petstore.inventory.adapter.http.openapi.OperationExtension;

/** The OpenAPI document shows the configured sunset of the pet lookup as its {@code x-sunset}. */
@Factory
final class PetsSunsetInDocument {

    @Singleton
    OperationExtension sunset(PetsDeprecation deprecation) {
        return new OperationExtension(PetController.PATH + PetController.ONE_PET, "get", "x-sunset",
                deprecation.sunsetAt().toString());
    }
}
