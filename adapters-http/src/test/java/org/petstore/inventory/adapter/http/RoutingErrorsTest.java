package org.petstore.inventory.adapter.http;

import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests no route answers: with a valid key 404 for an unknown path and 405 with {@code Allow} for a wrong method,
 * without a key 401 first.
 */
class RoutingErrorsTest extends HttpAdapterTest {

    @ParameterizedTest
    @ValueSource(strings = {"/v1", "/v1/nope", "/inventory", "/v2/inventory", "/v1/inventory/1/extra"})
    void anUnknownRouteIs404WithAKey(String path) {
        assertError(api.get(path).authorized().send(), 404, "NOT_FOUND", "No resource at " + path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1", "/v1/nope", "/v1/inventory/1/extra", "/index.html", "/swagger-ui"})
    void anUnknownRouteIs401WithoutAKey(String path) {
        assertError(api.get(path).send(), 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
    }

    /** The root points to the documentation, with or without a key: a browser follows to Swagger UI. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theRootPointsToTheDocumentation(boolean withKey) {
        ApiClient.Request request = api.get("/");
        ApiResponse response = (withKey ? request.authorized() : request).send();

        assertJson(response, 303, "{\"documentation\":\"/swagger-ui/index.html\",\"openapiYaml\":\"/v1/openapi.yml\","
                + "\"openapiJson\":\"/v1/openapi.json\"}");
        assertHeader(response, "Location", "/swagger-ui/index.html");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "DELETE, /v1/inventory,   'HEAD,GET'",
            "POST,   /v1/inventory,   'HEAD,GET'",
            "PUT,    /v1/inventory,   'HEAD,GET'",
            "PATCH,  /v1/inventory,   'HEAD,GET'",
            "POST,   /v1/inventory/1, 'HEAD,PATCH,GET'",
            "PUT,    /v1/inventory/1, 'HEAD,PATCH,GET'",
            "DELETE, /v1/inventory/1, 'HEAD,PATCH,GET'",
            "GET,    /v1/inventory/1/adjustments, POST",
            "PATCH,  /v1/inventory/1/adjustments, POST",
            "DELETE, /v1/inventory/changes, 'HEAD,POST,PATCH,GET'"})
    void aWrongMethodIs405WithAllowAndChangesNothing(String method, String path, String allowed) {
        ApiResponse response = api.request(method, path).authorized().json("{\"quantity\":5}").send();

        assertError(response, 405, "METHOD_NOT_ALLOWED",
                "Method " + method + " is not allowed on " + path + "; allowed: " + allowed);
        assertHeader(response, "Allow", allowed);
        inventory.assertUntouched();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"DELETE, /v1/inventory", "POST, /v1/inventory/1"})
    void aWrongMethodIs401WithoutAKey(String method, String path) {
        ApiResponse response = api.request(method, path).json("{\"quantity\":5}").send();

        assertError(response, 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
        inventory.assertUntouched();
    }
}
