package org.petstore.inventory.adapter.http.security;

import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.filters.SecurityFilter;
import io.micronaut.web.router.RouteMatch;
import java.util.Optional;
import org.petstore.inventory.domain.access.Scope;

/**
 * The scope a request needs, where it is declared: a route's {@code @Secured("<scope>")} (checked by
 * micronaut-security's {@code SecuredAnnotationRule} against the key's roles), or, for a sensitive management
 * endpoint, {@link ManagementEndpointAccess}'s. Read for the words and the challenge of a 403.
 */
final class RequiredScopes {

    /** The request attribute where a rule that decides without {@code @Secured} notes the scope it refused. */
    static final String ATTRIBUTE = "petstore.security.required-scope";

    private RequiredScopes() {
    }

    /** Whether micronaut-security refused an authenticated request (403): its key lacks the scope. */
    static boolean refused(HttpRequest<?> request) {
        return request.getAttribute(SecurityFilter.REJECTION, HttpStatus.class)
                .filter(status -> status == HttpStatus.FORBIDDEN).isPresent();
    }

    /** The scope the request's route needs; empty for a route that declares none, or none that is a scope. */
    static Optional<Scope> of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, Scope.class).or(() -> request
                .getAttribute(HttpAttributes.ROUTE_MATCH, RouteMatch.class)
                .flatMap(route -> route.getAnnotationMetadata().stringValue(Secured.class))
                .flatMap(Scope::ofWireName));
    }
}
