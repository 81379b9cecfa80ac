package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.context.annotation.ConfigurationProperties;

/**
 * {@code petstore.openapi.*}: the base addresses of the servers the OpenAPI document lists, each without the
 * {@code /v1} that the document appends.
 *
 * @param productionUrl {@code petstore.openapi.production-url}
 * @param stagingUrl    {@code petstore.openapi.staging-url}
 */
@ConfigurationProperties("petstore.openapi")
record OpenApiServers(String productionUrl, String stagingUrl) {
}
