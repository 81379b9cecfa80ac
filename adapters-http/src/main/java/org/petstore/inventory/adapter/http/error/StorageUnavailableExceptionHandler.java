package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/** The database cannot be reached: 503, and the client may retry. */
@Singleton
final class StorageUnavailableExceptionHandler extends ApiExceptionHandler<StorageUnavailableException> {

    StorageUnavailableExceptionHandler(ErrorResponseProcessor<?> errorResponseProcessor) {
        super(errorResponseProcessor, HttpStatus.SERVICE_UNAVAILABLE);
    }
}
