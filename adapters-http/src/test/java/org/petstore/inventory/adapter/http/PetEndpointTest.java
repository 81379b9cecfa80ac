package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * The deprecated {@code GET /v1/pets/{petId}}: the pet, its errors, and the deprecation headers on every response.
 */
class PetEndpointTest extends HttpAdapterTest {

    @Test
    void returnsThePet() {
        ApiResponse response = api.get("/v1/pets/2").authorized().send();

        assertJson(response, 200, "{\"id\":2,\"name\":\"Whiskers \\\"the cat\\\"\",\"status\":\"sold\"}");
        assertDeprecationHeaders(response);
    }

    @Test
    void anUnknownPetIs404() {
        ApiResponse response = api.get("/v1/pets/3").authorized().send();

        assertError(response, 404, "NOT_FOUND", "No pet with id 3");
        assertDeprecationHeaders(response);
    }

    @Test
    void anInvalidPetIdIs400() {
        ApiResponse response = api.get("/v1/pets/0").authorized().send();

        assertError(response, 400, "VALIDATION_FAILED", "petId must be an integer from 1 to 9223372036854775807, got 0");
        assertDeprecationHeaders(response);
    }

    @Test
    void withoutAKeyIs401() {
        ApiResponse response = api.get("/v1/pets/1").send();

        assertError(response, 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
        assertDeprecationHeaders(response);
    }

    @Test
    void aWrongMethodIs405() {
        ApiResponse response = api.request("DELETE", "/v1/pets/1").authorized().send();

        assertError(response, 405, "METHOD_NOT_ALLOWED", "Method DELETE is not allowed on /v1/pets/1; allowed: HEAD,GET");
        assertDeprecationHeaders(response);
    }

    @Test
    void anUnreachableDatabaseIs503() {
        petsAndOrders.failNextCallWith(new StorageUnavailableException("down", null));

        ApiResponse response = api.get("/v1/pets/1").authorized().send();

        assertError(response, 503, "SERVICE_UNAVAILABLE",
                "The database is temporarily unavailable; nothing was changed, try again shortly");
        assertDeprecationHeaders(response);
    }

    @Test
    void otherRoutesCarryNoDeprecationHeaders() {
        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertAll(
                () -> assertHeaderAbsent(response, "Deprecation"),
                () -> assertHeaderAbsent(response, "Sunset"),
                () -> assertHeaderAbsent(response, "Link"));
    }

    /** The defaults: deprecated 2026-01-01T00:00:00Z, sunset 2027-07-01T00:00:00Z, the sunset link to the API doc. */
    private static void assertDeprecationHeaders(ApiResponse response) {
        assertAll(
                () -> assertHeader(response, "Deprecation", "@1767225600"),
                () -> assertHeader(response, "Sunset", "Thu, 01 Jul 2027 00:00:00 GMT"),
                () -> assertHeader(response, "Link", "</v1/openapi.yml>; rel=\"sunset\""));
    }

    private static void assertHeaderAbsent(ApiResponse response, String name) {
        assertEquals(List.of(), response.header(name), name);
    }
}
