package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/**
 * Asserts what a client sees: the status, that the body is JSON, and the body itself, to the character.
 */
final class ApiAssertions {

    private ApiAssertions() {
    }

    static void assertJson(ApiResponse response, int status, String expectedBody) {
        assertAll(response.toString(),
                () -> assertEquals(status, response.status(), "status"),
                () -> assertEquals(List.of("application/json"), response.header("Content-Type"), "Content-Type"),
                () -> assertEquals(expectedBody, response.body(), "body"));
    }

    /** The response is the specification's {@code Error} object, with {@code status} repeating the HTTP status. */
    static void assertError(ApiResponse response, int status, String code, String message) {
        assertJson(response, status, errorBody(code, message, status));
    }

    /** An {@code Error} body as the server writes it: members in the order code, message, status. */
    static String errorBody(String code, String message, int status) {
        String escapedMessage = message.replace("\\", "\\\\").replace("\"", "\\\"");
        return "{\"code\":\"" + code + "\",\"message\":\"" + escapedMessage + "\",\"status\":" + status + "}";
    }

    static void assertHeader(ApiResponse response, String name, String expectedValue) {
        assertEquals(List.of(expectedValue), response.header(name), name + " of " + response);
    }
}
