package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;

/**
 * {@code petstore.openapi.*}: the base addresses of the production and staging servers the OpenAPI document lists
 * after the server that serves it, each without the {@code /v1} that the document appends; empty: not listed.
 *
 * @param productionUrl {@code petstore.openapi.production-url}
 * @param stagingUrl    {@code petstore.openapi.staging-url}
 */
@ConfigurationProperties("petstore.openapi")
record OpenApiServers(@Nullable String productionUrl, @Nullable String stagingUrl) {
}
