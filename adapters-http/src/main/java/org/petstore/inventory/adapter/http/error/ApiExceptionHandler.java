package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.server.exceptions.ExceptionHandler;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;

/**
 * Turns an exception the service expects (a rejected request, a broken domain rule) into its error response,
 * shaped like every other by the {@link ErrorResponseProcessor}.
 */
abstract class ApiExceptionHandler<E extends Throwable> implements ExceptionHandler<E, HttpResponse<?>> {

    private final ErrorResponseProcessor<?> errorResponseProcessor;
    private final HttpStatus status;

    ApiExceptionHandler(ErrorResponseProcessor<?> errorResponseProcessor, HttpStatus status) {
        this.errorResponseProcessor = errorResponseProcessor;
        this.status = status;
    }

    @Override
    public HttpResponse<?> handle(HttpRequest request, E exception) {
        return errorResponseProcessor.processResponse(
                ErrorContext.builder(request).cause(exception).build(), HttpResponse.status(status));
    }
}
