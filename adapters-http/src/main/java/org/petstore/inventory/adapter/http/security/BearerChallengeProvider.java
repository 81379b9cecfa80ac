package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.WwwAuthenticateChallengeProvider;
import jakarta.inject.Singleton;

/**
 * The {@code WWW-Authenticate} challenge of micronaut-security's refusals (RFC 6750 §3): on a 401
 * {@code Bearer realm="petstore"}, with {@code error="invalid_token"} when a bearer token was sent and is not a valid
 * key; on a 403 (a valid key without the route's scope) {@code error="insufficient_scope"} and the scope needed.
 */
@Singleton
final class BearerChallengeProvider implements WwwAuthenticateChallengeProvider<HttpRequest<?>> {

    static final String REALM_CHALLENGE = "Bearer realm=\"petstore\"";

    @Override
    public String getWwwAuthenticateChallenge(@Nullable HttpRequest<?> request) {
        if (request != null && RequiredScopes.refused(request)) {
            return REALM_CHALLENGE + ", error=\"insufficient_scope\"" + RequiredScopes.of(request)
                    .map(scope -> ", scope=\"" + scope.wireName() + "\"").orElse("");
        }
        return BearerCredentials.presentedBearerToken(request)
                ? REALM_CHALLENGE + ", error=\"invalid_token\""
                : REALM_CHALLENGE;
    }
}
