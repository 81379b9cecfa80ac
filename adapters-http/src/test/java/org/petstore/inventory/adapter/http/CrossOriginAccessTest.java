package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.annotation.Property;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * With cross-origin access configured for one origin: its preflights are answered and its requests carry the CORS
 * headers; any other foreign origin is refused with 403 and the {@code Error} body; the service's own origin and
 * requests without {@code Origin} are not affected.
 */
@Property(name = "petstore.cors.allowed-origins", value = CrossOriginAccessTest.SHOP + ",https://other.example")
class CrossOriginAccessTest extends HttpAdapterTest {

    static final String SHOP = "https://shop.example";

    @Test
    void aPreflightOfAnAllowedOriginIsAnswered() {
        ApiResponse response = api.request("OPTIONS", "/v1/inventory/1").header("Origin", SHOP)
                .header("Access-Control-Request-Method", "PATCH")
                .header("Access-Control-Request-Headers", "authorization, content-type").send();

        assertAll(response.toString(),
                () -> assertEquals(204, response.status()),
                () -> assertHeader(response, "Access-Control-Allow-Origin", SHOP),
                () -> assertHeader(response, "Access-Control-Allow-Methods", "GET, HEAD, PATCH, POST"),
                () -> assertHeader(response, "Access-Control-Allow-Headers",
                        "Authorization, Content-Type, Content-Encoding, If-Match, If-None-Match, Idempotency-Key"),
                () -> assertHeader(response, "Access-Control-Max-Age", "600"),
                () -> assertHeader(response, "Vary", "Origin"),
                () -> assertEquals("", response.body()));
    }

    @Test
    void aPreflightOfAStockMovementWithAnIdempotencyKeyIsAnswered() {
        ApiResponse response = api.request("OPTIONS", "/v1/inventory/changes").header("Origin", SHOP)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type, idempotency-key").send();

        assertEquals(204, response.status(), response::toString);
        assertHeader(response, "Access-Control-Allow-Methods", "GET, HEAD, PATCH, POST");
    }

    @Test
    void aRequestOfAnAllowedOriginCarriesTheCorsHeaders() {
        ApiResponse response = api.get("/v1/inventory").authorized().header("Origin", SHOP).send();

        assertAll(response.toString(),
                () -> assertEquals(200, response.status()),
                () -> assertHeader(response, "Access-Control-Allow-Origin", SHOP),
                () -> assertHeader(response, "Access-Control-Expose-Headers",
                        "ETag, WWW-Authenticate, Deprecation, Sunset, Link"),
                () -> assertHeader(response, "Vary", "Origin"));
    }

    @Test
    void anAllowedOriginWithoutAKeyIs401WithTheCorsHeaders() {
        ApiResponse response = api.get("/v1/inventory").header("Origin", SHOP).send();

        assertError(response, 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
        assertHeader(response, "Access-Control-Allow-Origin", SHOP);
    }

    @Test
    void aRefusedOriginIs403WithTheErrorBody() {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().header("Origin", "https://evil.example")
                .json("{\"quantity\":0}").send();

        assertError(response, 403, "FORBIDDEN", "Cross-origin requests from 'https://evil.example' are not allowed");
        assertEquals(List.of(), response.header("Access-Control-Allow-Origin"));
        inventory.assertUntouched();
    }

    @Test
    void aPreflightOfARefusedOriginIs403WithTheErrorBody() {
        ApiResponse response = api.request("OPTIONS", "/v1/inventory").header("Origin", "https://evil.example")
                .header("Access-Control-Request-Method", "GET").send();

        assertError(response, 403, "FORBIDDEN", "Cross-origin requests from 'https://evil.example' are not allowed");
    }

    @Test
    void aPreflightForAMethodTheApiDoesNotOfferIs403() {
        ApiResponse response = api.request("OPTIONS", "/v1/inventory").header("Origin", SHOP)
                .header("Access-Control-Request-Method", "DELETE").send();

        assertError(response, 403, "FORBIDDEN", "Cross-origin requests may use only GET, HEAD, PATCH, POST");
    }

    @Test
    void theServicesOwnOriginIsNotRefused() {
        ApiResponse response = api.raw("GET /v1/inventory HTTP/1.1", "Authorization: Bearer " + ApiClient.KEY,
                "Origin: http://" + api.hostAndPort());

        assertEquals(200, response.status(), response.toString());
    }
}
