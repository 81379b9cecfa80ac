package org.petstore.inventory.adapter.http;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;

/**
 * What the controllers of the {@code inventory} operations under {@code /v1/inventory} (the entries, their changes,
 * the ledger) share: JSON answers, a valid API key, the blocking executor, the tag and the error responses every
 * operation has in the OpenAPI document. A stereotype, so that they declare it once (each keeps its own
 * {@code @Controller}, which the OpenAPI document's generator looks for on the class itself).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag(name = "inventory")
@ErrorResponses.OfEveryOperation
@Secured(SecurityRule.IS_AUTHENTICATED)
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
public @interface InventoryRoutes {
}
