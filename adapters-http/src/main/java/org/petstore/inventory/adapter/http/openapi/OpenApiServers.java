package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * {@code petstore.openapi.production-url} and {@code .staging-url}: the base addresses of the servers the OpenAPI
 * document lists after the one that serves it, each without the {@code /v1} the document appends; empty: not listed.
 */
@ConfigurationProperties("petstore.openapi")
record OpenApiServers(@Nullable String productionUrl, @Nullable String stagingUrl) {
}
