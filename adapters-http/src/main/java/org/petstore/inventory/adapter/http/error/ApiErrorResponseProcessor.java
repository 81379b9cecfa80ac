package org.petstore.inventory.adapter.http.error;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import jakarta.inject.Singleton;

/**
 * Shapes every error response of the service, whichever layer raised it (Netty's decoder, routing, security, body
 * parsing, the domain, an unexpected fault), into the {@link ErrorBody}: the {@link ErrorTranslation} says which
 * error it is, its {@link ErrorCode} gives the status.
 */
@Singleton
final class ApiErrorResponseProcessor implements ErrorResponseProcessor<ErrorBody> {

    private final ErrorTranslation translation;

    ApiErrorResponseProcessor(ErrorTranslation translation) {
        this.translation = translation;
    }

    @Override
    public MutableHttpResponse<ErrorBody> processResponse(ErrorContext errorContext, MutableHttpResponse<?> response) {
        ApiException error = translation.translate(errorContext.getRequest(),
                errorContext.getRootCause().orElse(null), response.getStatus(),
                response.getHeaders().get(HttpHeaders.ALLOW));
        return response.status(error.code().status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(ErrorBody.of(error));
    }
}
