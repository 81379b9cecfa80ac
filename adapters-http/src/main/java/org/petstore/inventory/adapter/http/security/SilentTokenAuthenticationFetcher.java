package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.server.util.HttpHostResolver;
import io.micronaut.http.server.util.locale.HttpLocaleResolver;
import io.micronaut.security.token.TokenAuthenticationFetcher;
import io.micronaut.security.token.reader.TokenResolver;
import io.micronaut.security.token.validator.TokenValidator;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * micronaut-security's bearer-token authentication, without its {@code TokenValidatedEvent}: that event carries the
 * token, which is the API key, and the event publisher writes every event it publishes to the log at DEBUG. Nothing
 * in the service listens to it, so it is not published at all and the key cannot reach a log line.
 */
@Singleton
@Replaces(TokenAuthenticationFetcher.class)
final class SilentTokenAuthenticationFetcher extends TokenAuthenticationFetcher {

    SilentTokenAuthenticationFetcher(List<TokenValidator<HttpRequest<?>>> tokenValidators,
                                     TokenResolver<HttpRequest<?>> tokenResolver,
                                     @Nullable HttpHostResolver httpHostResolver,
                                     @Nullable HttpLocaleResolver httpLocaleResolver) {
        super(tokenValidators, tokenResolver, event -> { }, httpHostResolver, httpLocaleResolver);
    }
}
