package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;

/**
 * What a request says about its credentials, for the error message and the {@code WWW-Authenticate} challenge.
 */
final class BearerCredentials {

    private BearerCredentials() {
    }

    /** Whether the request carries an {@code Authorization} header at all. */
    static boolean presented(@Nullable HttpRequest<?> request) {
        return authorization(request) != null;
    }

    /** Whether the request carries a non-empty bearer token (its scheme name in any case). */
    static boolean presentedBearerToken(@Nullable HttpRequest<?> request) {
        String authorization = authorization(request);
        return authorization != null
                && authorization.regionMatches(true, 0, "Bearer ", 0, "Bearer ".length())
                && !authorization.substring("Bearer ".length()).isBlank();
    }

    private static String authorization(@Nullable HttpRequest<?> request) {
        if (request == null) {
            return null;
        }
        String value = request.getHeaders().get(HttpHeaders.AUTHORIZATION);
        return value == null || value.isBlank() ? null : value;
    }
}
