package org.petstore.inventory.adapter.http.openapi;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Hidden;
import java.net.URI;

/**
 * {@code GET /}, without a key: where the documentation is. A browser is sent on to Swagger UI (303 See Other with
 * {@code Location}); a client that does not follow redirects reads the same addresses in the JSON body. Every other
 * path outside the API still needs a key.
 */
@Controller
@Secured(SecurityRule.IS_ANONYMOUS)
@Hidden
final class DocumentationController {

    static final String SWAGGER_UI = "/swagger-ui/index.html";

    private static final Documentation WHERE = new Documentation(SWAGGER_UI,
            OpenApiDocument.VERSION_PREFIX + "/openapi.yml", OpenApiDocument.VERSION_PREFIX + "/openapi.json");

    @Get(produces = MediaType.APPLICATION_JSON)
    HttpResponse<Documentation> root() {
        return HttpResponse.seeOther(URI.create(SWAGGER_UI)).body(WHERE);
    }

    /** Where to read about the API: Swagger UI, and the OpenAPI document it shows. */
    @Serdeable
    record Documentation(String documentation, String openapiYaml, String openapiJson) {
    }
}
