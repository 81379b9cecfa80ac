package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Validates the bearer token that micronaut-security's {@code BearerTokenReader} takes from the
 * {@code Authorization} header (scheme name case-insensitive) against the configured {@link ApiKeys}.
 * An unknown key yields no authentication, so the request is anonymous and answered 401.
 */
@Singleton
final class ApiKeyTokenValidator implements TokenValidator<HttpRequest<?>> {

    static final String PRINCIPAL = "api-client";

    private final ApiKeys apiKeys;

    ApiKeyTokenValidator(ApiKeys apiKeys) {
        this.apiKeys = apiKeys;
    }

    @Override
    public Publisher<Authentication> validateToken(String token, @Nullable HttpRequest<?> request) {
        return apiKeys.accepts(token) ? Publishers.just(Authentication.build(PRINCIPAL)) : Publishers.empty();
    }
}
