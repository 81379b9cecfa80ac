package org.petstore.inventory.adapter.http.security;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

/**
 * The check of an {@code Authorization} header for answers made outside Micronaut's security filter (the fast
 * routes): it accepts exactly the headers that filter authenticates in its plainest form, {@code Bearer <key>}
 * (scheme name in any case, one space, a key without blanks) with one of the {@link ApiKeys}. Any other header, an
 * accepted one in an unusual form included, is not accepted here, and the request goes to the filter, which answers
 * it as it answers every request.
 */
@Singleton
public final class BearerApiKey {

    private static final String SCHEME = "Bearer ";

    private final ApiKeys apiKeys;

    BearerApiKey(ApiKeys apiKeys) {
        this.apiKeys = apiKeys;
    }

    /** Whether the header value is {@code Bearer <an accepted key>}. */
    public boolean accepts(@Nullable String authorization) {
        if (authorization == null || authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return false;
        }
        for (int i = SCHEME.length(); i < authorization.length(); i++) {
            char c = authorization.charAt(i);
            if (c <= ' ' || c >= 0x7f) {
                return false;
            }
        }
        return apiKeys.accepts(authorization.substring(SCHEME.length()));
    }
}
