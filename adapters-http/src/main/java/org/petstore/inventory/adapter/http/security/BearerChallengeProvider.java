package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.WwwAuthenticateChallengeProvider;
import jakarta.inject.Singleton;

/**
 * The {@code WWW-Authenticate} challenge of a 401 (RFC 6750): {@code Bearer realm="petstore"}, with
 * {@code error="invalid_token"} when a bearer token was sent and is not a valid key.
 */
@Singleton
final class BearerChallengeProvider implements WwwAuthenticateChallengeProvider<HttpRequest<?>> {

    static final String REALM_CHALLENGE = "Bearer realm=\"petstore\"";

    @Override
    public String getWwwAuthenticateChallenge(@Nullable HttpRequest<?> request) {
        return BearerCredentials.presentedBearerToken(request)
                ? REALM_CHALLENGE + ", error=\"invalid_token\""
                : REALM_CHALLENGE;
    }
}
