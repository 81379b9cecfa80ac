package org.petstore.inventory.adapter.http.openapi;

import io.swagger.v3.oas.annotations.OpenAPIDefinition;
import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;
import io.swagger.v3.oas.annotations.info.Info;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.security.SecurityScheme;
import io.swagger.v3.oas.annotations.servers.Server;
import io.swagger.v3.oas.annotations.tags.Tag;

/**
 * The API as a whole, for the OpenAPI document generated at build time from the controllers. The server addresses
 * here are placeholders: {@link OpenApiDocument} serves the ones configured under {@code petstore.openapi}.
 */
@OpenAPIDefinition(
        info = @Info(
                title = "Petstore API",
                version = "1.0.0",
                description = "A pet store API: stock levels for the animals in the store (inventory), the deprecated "
                        + "pet lookup and the store's orders. Every operation needs an API key as a bearer token."),
        servers = {
                @Server(url = "{base_url}/v1", description = "production"),
                @Server(url = "{staging_base_url}/v1", description = "staging")},
        security = @SecurityRequirement(name = ApiDefinition.BEARER_SCHEME),
        tags = {
                @Tag(name = "inventory", description = "Stock levels of the pets in the store"),
                @Tag(name = "pet", description = "The pets of the store"),
                @Tag(name = "store", description = "Orders placed with the store"),
                @Tag(name = "keys", description = "Experimental: managed API keys and their scopes"),
                @Tag(name = "webhooks", description = "Experimental: webhook subscriptions, which push every change "
                        + "of the stock ledger to a receiver, signed (Standard Webhooks v1), in order, at least "
                        + "once")})
@SecurityScheme(
        name = ApiDefinition.BEARER_SCHEME,
        type = SecuritySchemeType.HTTP,
        scheme = "bearer",
        description = "The API key, sent as 'Authorization: Bearer <API key>'")
public final class ApiDefinition {

    /**
     * The name of the bearer API-key security scheme the whole API requires. micronaut-openapi states it on each
     * operation of a {@code @Secured} controller, as the document's only scheme (see the build's compiler arguments).
     */
    static final String BEARER_SCHEME = "bearerAuth";

    private ApiDefinition() {
    }
}
