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
 * {@code Authorization} header (scheme name case-insensitive), checked against the configured {@link ApiKeys}.
 * The authentication's name is the key's id ({@link ApiKeys#keyIdOf}), never the key. An unknown key yields no
 * authentication, so the request is anonymous and answered 401.
 *
 * <p>It stands in for micronaut-security's {@link TokenAuthenticationFetcher}, which does the same through the
 * token validators and then, on every request, resolves the request's host and locale to publish a
 * {@code TokenValidatedEvent} that nothing here listens to: a tenth of a request's CPU time. That event also carries
 * the token, which is the API key, and the event publisher writes every event it publishes to the log at DEBUG: not
 * publishing it keeps keys out of every log line (SecretsNeverLoggedEndToEndTest runs at TRACE).
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
