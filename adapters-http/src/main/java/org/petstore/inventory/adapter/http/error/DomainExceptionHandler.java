package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;
import org.petstore.inventory.domain.DomainException;

/** A broken domain rule: 400, or 404 for something that does not exist (the processor tells them apart). */
@Singleton
final class DomainExceptionHandler extends ApiExceptionHandler<DomainException> {

    DomainExceptionHandler(ErrorResponseProcessor<?> errorResponseProcessor) {
        super(errorResponseProcessor, HttpStatus.BAD_REQUEST);
    }
}
