package org.petstore.inventory.adapter.http;

import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * {@code GET /v1/store/orders}: every order in the classic Petstore shape.
 */
class OrderEndpointTest extends HttpAdapterTest {

    @Test
    void listsTheOrders() {
        assertJson(api.get("/v1/store/orders").authorized().send(), 200, "["
                + "{\"id\":1,\"petId\":2,\"quantity\":1,\"shipDate\":\"2026-10-02T09:00:00Z\","
                + "\"status\":\"delivered\",\"complete\":true},"
                + "{\"id\":7,\"petId\":1,\"quantity\":3,\"shipDate\":\"2026-12-03T16:45:30.500Z\","
                + "\"status\":\"placed\",\"complete\":false}]");
    }

    @Test
    void withoutAKeyIs401() {
        assertError(api.get("/v1/store/orders").send(), 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
    }

    @Test
    void aWrongMethodIs405() {
        assertError(api.request("POST", "/v1/store/orders").authorized().send(), 405, "METHOD_NOT_ALLOWED",
                "Method POST is not allowed on /v1/store/orders; allowed: HEAD,GET");
    }

    @Test
    void anUnreachableDatabaseIs503() {
        petsAndOrders.failNextCallWith(new StorageUnavailableException("down", null));

        assertError(api.get("/v1/store/orders").authorized().send(), 503, "SERVICE_UNAVAILABLE",
                "The database is temporarily unavailable; nothing was changed, try again shortly");
    }
}
