package org.petstore.inventory.adapter.http;

import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Produces;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.petstore.inventory.adapter.http.openapi.ErrorResponses;

/**
 * What the controllers of the {@code inventory} operations under {@code /v1/inventory} (the entries, their changes,
 * the ledger) share: JSON answers, the blocking executor, the tag and the error responses every operation has in the
 * OpenAPI document (401, 403, 503). A stereotype, so that they declare it once (each keeps its own
 * {@code @Controller}, which the OpenAPI document's generator looks for on the class itself). The scope each route
 * needs is not shared: it is declared on the route's method ({@code @Secured("inventory:read")}).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Tag(name = "inventory")
@ErrorResponses.OfEveryOperation
@ErrorResponses.OfScopedOperation
@Produces(MediaType.APPLICATION_JSON)
@ExecuteOn(TaskExecutors.BLOCKING)
public @interface InventoryRoutes {
}
