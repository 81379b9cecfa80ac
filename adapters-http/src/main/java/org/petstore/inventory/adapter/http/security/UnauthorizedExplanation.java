package org.petstore.inventory.adapter.http.security;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.ErrorExplanation;

/**
 * Why a request was refused with 401: it carries no credentials (the code's message says how to send a key), or
 * credentials that are not a valid key.
 */
@Singleton
final class UnauthorizedExplanation implements ErrorExplanation {

    @Override
    public Optional<ApiException> explain(HttpRequest<?> request, HttpStatus status) {
        if (status != ErrorCode.UNAUTHORIZED.status()) {
            return Optional.empty();
        }
        return Optional.of(BearerCredentials.presented(request)
                ? new ApiException(ErrorCode.UNAUTHORIZED, "The API key is not valid")
                : new ApiException(ErrorCode.UNAUTHORIZED));
    }
}
