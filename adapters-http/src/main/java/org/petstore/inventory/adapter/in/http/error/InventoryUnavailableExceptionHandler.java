package org.petstore.inventory.adapter.in.http.error;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.out.InventoryUnavailableException;

/** The database cannot be reached: 503, and the client may retry. */
@Singleton
final class InventoryUnavailableExceptionHandler extends ApiExceptionHandler<InventoryUnavailableException> {

    InventoryUnavailableExceptionHandler(ErrorResponseProcessor<?> errorResponseProcessor) {
        super(errorResponseProcessor, HttpStatus.SERVICE_UNAVAILABLE);
    }
}
