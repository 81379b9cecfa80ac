package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.management.endpoint.annotation.Endpoint;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.Router;
import io.micronaut.web.router.UriRouteInfo;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.access.Scope;

/**
 * Deny by default: every route of the API declares the one scope it needs ({@code @Secured("inventory:read")} on its
 * method), but the few on {@link #WITHOUT_SCOPE}, open to anyone or to any valid key. The management endpoints are
 * micronaut-management's: a sensitive one needs {@code inventory:read} ({@code ManagementEndpointAccess}; which are
 * switched on is the service's configuration, see bootstrap's {@code ManagementEndpointsEndToEndTest}).
 * {@link UndeclaredRouteTest} shows that this test fails for a route that declares nothing, and that such a route is
 * refused.
 */
@MicronautTest
class RoutesDeclareTheirScopeTest {

    /** The routes that need no scope, each with what it declares instead. */
    static final Map<String, String> WITHOUT_SCOPE = Map.of(
            "GET /", SecurityRule.IS_ANONYMOUS,
            "GET /v1/openapi.yml", SecurityRule.IS_ANONYMOUS,
            "GET /v1/openapi.json", SecurityRule.IS_ANONYMOUS,
            "GET /v1/keys/self", SecurityRule.IS_AUTHENTICATED);

    @Inject
    Router router;

    @Test
    void everyRouteDeclaresTheScopeItNeeds() {
        assertEquals(List.of(), undeclared(router));
    }

    @Test
    void theRoutesWithoutScopeAreThereAsListed() {
        List<String> declared = router.uriRoutes().map(RoutesDeclareTheirScopeTest::name).distinct().toList();

        assertTrue(declared.containsAll(WITHOUT_SCOPE.keySet()), declared::toString);
        assertTrue(declared.contains("PATCH /v1/inventory/{petId}"), declared::toString);
    }

    /** The routes of the API (not a management endpoint) that declare no scope, nor what {@link #WITHOUT_SCOPE} says. */
    static List<String> undeclared(Router router) {
        return router.uriRoutes()
                .filter(route -> !route.getDeclaringType().isAnnotationPresent(Endpoint.class))
                .map(route -> {
                    String name = name(route);
                    List<String> secured = List.of(route.getAnnotationMetadata().stringValues(Secured.class));
                    String instead = WITHOUT_SCOPE.get(name);
                    boolean declared = instead != null ? secured.equals(List.of(instead))
                            : secured.size() == 1 && Scope.ofWireName(secured.getFirst()).isPresent();
                    return declared ? null : name + " " + secured;
                })
                .filter(Objects::nonNull)
                .distinct()
                .sorted()
                .toList();
    }

    /** A route as a reader names it: its method (a HEAD route as its GET) and its path template. */
    private static String name(UriRouteInfo<?, ?> route) {
        String method = route.getHttpMethodName().equals("HEAD") ? "GET" : route.getHttpMethodName();
        return method + " " + route.getUriMatchTemplate();
    }
}
