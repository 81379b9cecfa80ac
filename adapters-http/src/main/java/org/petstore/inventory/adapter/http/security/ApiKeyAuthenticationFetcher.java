package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.filters.AuthenticationFetcher;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import io.micronaut.security.token.reader.TokenResolver;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.reactivestreams.Publisher;

/**
 * Authenticates a request by the bearer token that micronaut-security's {@code BearerTokenReader} takes from the
 * {@code Authorization} header, checked against the configured {@link ApiKeys}; the authentication's name is the key's
 * id ({@link ApiKeys#keyIdOf}), never the key, and an unknown key leaves the request anonymous (401). It stands in for
 * micronaut-security's {@link TokenAuthenticationFetcher}, which on every request also resolves the host and locale to
 * publish a {@code TokenValidatedEvent} nothing here listens to (a tenth of a request's CPU time), an event that
 * carries the token, the API key, and that the event publisher logs at DEBUG: not publishing it keeps keys out of
 * every log line (SecretsNeverLoggedEndToEndTest runs at TRACE).
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class ApiKeyAuthenticationFetcher implements AuthenticationFetcher<HttpRequest<?>> {

    private final TokenResolver<HttpRequest<?>> tokenResolver;
    private final ApiKeys apiKeys;

    ApiKeyAuthenticationFetcher(TokenResolver<HttpRequest<?>> tokenResolver, ApiKeys apiKeys) {
        this.tokenResolver = tokenResolver;
        this.apiKeys = apiKeys;
    }

    @Override
    public Publisher<Authentication> fetchAuthentication(HttpRequest<?> request) {
        for (String token : tokenResolver.resolveTokens(request)) {
            Optional<String> keyId = apiKeys.keyIdOf(token);
            if (keyId.isPresent()) {
                request.setAttribute(SecurityFilter.TOKEN, token);
                return Publishers.just(Authentication.build(keyId.get()));
            }
        }
        return Publishers.empty();
    }

    @Override
    public int getOrder() {
        return TokenAuthenticationFetcher.ORDER;
    }
}
