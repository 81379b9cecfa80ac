package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

@Singleton
final class InvalidRequestExceptionHandler extends ApiExceptionHandler<InvalidRequestException> {

    InvalidRequestExceptionHandler(ErrorResponseProcessor<?> errorResponseProcessor) {
        super(errorResponseProcessor, HttpStatus.BAD_REQUEST);
    }
}
