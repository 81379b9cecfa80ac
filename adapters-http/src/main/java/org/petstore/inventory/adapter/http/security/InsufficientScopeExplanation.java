package org.petstore.inventory.adapter.http.security;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.EchoedInput;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.error.ErrorExplanation;
import org.petstore.inventory.domain.access.Scope;

/**
 * Why micronaut-security refused a request with a valid key (403, before the body is read): the key does not hold
 * the scope the route needs. The message names the key, the scopes it holds and the scope the request needs, e.g.
 * {@code This API key (key-3f2a0c1b2d3e, "storefront") holds inventory:read: PATCH /v1/inventory/2 needs
 * inventory:write}; {@link BearerChallengeProvider} names the scope in {@code WWW-Authenticate}.
 */
@Singleton
final class InsufficientScopeExplanation implements ErrorExplanation {

    @Override
    public Optional<ApiException> explain(HttpRequest<?> request, HttpStatus status) {
        if (status != ErrorCode.INSUFFICIENT_SCOPE.status() || !RequiredScopes.refused(request)) {
            return Optional.empty();
        }
        Optional<ActingKey> key = request.getUserPrincipal(Authentication.class).map(ActingKey::of);
        Optional<Scope> needed = RequiredScopes.of(request);
        if (key.isEmpty() || needed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "This API key (" + key.get().described()
                + ") holds " + String.join(", ", key.get().scopes().wireNames()) + ": " + request.getMethodName()
                + " " + EchoedInput.path(request.getPath()) + " needs " + needed.get().wireName()));
    }
}
