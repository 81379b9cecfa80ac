package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.ExecutionHandleLocator;
import io.micronaut.context.annotation.Executable;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.web.router.DefaultRouteBuilder;
import io.micronaut.web.router.Router;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A route that declares no scope (here one that exists only in this test's environment): the check of
 * {@link RoutesDeclareTheirScopeTest} names it, and micronaut-security refuses it to every key, a configured one too
 * (deny by default: {@code AuthenticatedByDefaultRule}).
 */
@MicronautTest(environments = UndeclaredRouteTest.ENVIRONMENT)
class UndeclaredRouteTest {

    static final String ENVIRONMENT = "undeclared-route";

    @Inject
    Router router;

    @Inject
    ApiClient api;

    @Test
    void theCheckNamesARouteThatDeclaresNoScope() {
        assertEquals(List.of("GET /v1/undeclared []"), RoutesDeclareTheirScopeTest.undeclared(router));
    }

    @Test
    void aRouteThatDeclaresNoScopeIsRefusedToEveryKey() {
        ApiResponse response = api.get("/v1/undeclared").authorized().send();

        assertError(response, 403, "FORBIDDEN", "This API key may not perform this request");
        assertHeader(response, "WWW-Authenticate", "Bearer realm=\"petstore\", error=\"insufficient_scope\"");
        assertEquals(401, api.get("/v1/undeclared").send().status());
    }

    /**
     * A route someone forgot to declare a scope on, built by hand rather than by a {@code @Controller}, so that the
     * OpenAPI generator, which also reads the test sources, does not see it.
     */
    @Requires(env = ENVIRONMENT)
    @Singleton
    static final class UndeclaredRoute extends DefaultRouteBuilder {

        UndeclaredRoute(ExecutionHandleLocator locator, UriNamingStrategy naming, Undeclared target) {
            super(locator, naming);
            GET("/v1/undeclared", target, "undeclared");
        }
    }

    /** What the undeclared route runs. */
    @Requires(env = ENVIRONMENT)
    @Singleton
    static class Undeclared {

        @Executable
        String undeclared() {
            return "{\"reached\":true}";
        }
    }
}
