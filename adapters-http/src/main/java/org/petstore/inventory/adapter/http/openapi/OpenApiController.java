package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Hidden;

/**
 * Serves the API's OpenAPI document without authentication, so that anyone can learn how to call the API.
 */
@Controller(OpenApiDocument.VERSION_PREFIX)
@Secured(SecurityRule.IS_ANONYMOUS)
@Hidden
final class OpenApiController {

    static final String YAML = "application/yaml";

    private final OpenApiDocument document;

    OpenApiController(OpenApiDocument document) {
        this.document = document;
    }

    @Get(value = "/openapi.yml", produces = YAML)
    String yaml() {
        return document.yaml();
    }

    @Get(value = "/openapi.json", produces = MediaType.APPLICATION_JSON)
    String json() {
        return document.json();
    }
}
