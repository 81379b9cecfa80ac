package org.petstore.inventory.adapter.http;

import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Requests the HTTP server itself refuses before any route sees them (an unparsable request line or URI, a request
 * line or header block over the limits) still get the {@code Error} body with the precise status.
 */
class ProtocolErrorsTest extends HttpAdapterTest {

    private static final String AUTHORIZATION = "Authorization: Bearer " + ApiClient.KEY;
    private static final String BAD_URI =
            "The request URI is not valid: send an absolute path and percent-encode characters not allowed in a URI";
    private static final String UNREADABLE =
            "The request could not be read: check the request line, headers and body";

    @ParameterizedTest
    @ValueSource(strings = {"GARBAGE", "GET /v1/inventory", "GET /v1/inventory HTTP/9.x"})
    void aMalformedRequestLineIs400(String requestLine) {
        assertError(api.raw(requestLine, AUTHORIZATION), 400, "BAD_REQUEST", UNREADABLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bad Header: x", "Content-Length: abc"})
    void aMalformedHeaderIs400(String headerLine) {
        assertError(api.raw("GET /v1/inventory HTTP/1.1", AUTHORIZATION, headerLine), 400, "BAD_REQUEST",
                UNREADABLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/inventory/%zz", "/v1/inventory/%", "/v1/inventory/1%2", "/v1/inventory?q=%zz",
            "/v1/inventory/a|b"})
    void aBrokenUriIs400EvenWithAValidKey(String target) {
        assertError(api.raw("GET " + target + " HTTP/1.1", AUTHORIZATION), 400, "BAD_REQUEST", BAD_URI);
    }

    @Test
    void anUpdateToABrokenUriIs400AndChangesNothing() {
        ApiResponse response = api.raw("PATCH /v1/inventory/%zz HTTP/1.1", AUTHORIZATION,
                "Content-Type: application/json", "Content-Length: 0");

        assertError(response, 400, "BAD_REQUEST", BAD_URI);
        inventory.assertUntouched();
    }

    @Test
    void aRequestLineOverTheLimitIs414() {
        ApiResponse response = api.get("/v1/inventory/" + "1".repeat(5000)).authorized().send();

        assertError(response, 414, "URI_TOO_LONG", "The request line is longer than the server accepts");
    }

    @Test
    void headersOverTheLimitAre431() {
        ApiResponse response = api.get("/v1/inventory").authorized().header("X-Padding", "x".repeat(10_000)).send();

        assertError(response, 431, "REQUEST_HEADER_FIELDS_TOO_LARGE",
                "The request headers are larger than the server accepts");
    }
}
