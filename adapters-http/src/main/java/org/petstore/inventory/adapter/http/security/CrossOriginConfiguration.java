package org.petstore.inventory.adapter.http.security;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.List;
import java.util.Objects;

/**
 * {@code petstore.cors.allowed-origins}: the origins (e.g. {@code https://shop.example.com}) whose web pages may call
 * the API from a browser, comma-separated in {@code PETSTORE_CORS_ALLOWED_ORIGINS}. None (the default): no
 * cross-origin access is granted, and a request with an {@code Origin} header is treated like any other.
 */
@ConfigurationProperties("petstore.cors")
record CrossOriginConfiguration(@Nullable List<String> allowedOrigins) {

    CrossOriginConfiguration {
        allowedOrigins = allowedOrigins == null ? List.of() : allowedOrigins.stream()
                .filter(Objects::nonNull)
                .map(String::trim)
                .filter(origin -> !origin.isEmpty())
                .toList();
    }

    /** Whether cross-origin access is granted to any origin at all. */
    boolean configured() {
        return !allowedOrigins.isEmpty();
    }

    boolean allows(String origin) {
        return allowedOrigins.contains(origin);
    }
}
