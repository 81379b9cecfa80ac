package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;

/**
 * {@code GET /v1/inventory} and {@code PATCH /v1/inventory/{petId}} with a valid API key: the answers, and every way
 * a request is refused (400, 404, 406, 413, 415) without the inventory changing.
 */
class InventoryEndpointsTest extends HttpAdapterTest {

    private static final String SEED_JSON = "[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
            + "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"},"
            + "{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}]";
    private static final String SEND = "send {\"quantity\": <integer from 0 to 2147483647>}";
    private static final String PET_ID_RANGE = "petId must be an integer from 1 to 9223372036854775807, got ";

    @Test
    void listsEveryEntryInPetIdOrderWithLowerCaseStatus() {
        assertJson(api.get("/v1/inventory").authorized().send(), 200, SEED_JSON);
    }

    @Test
    void listsAnEmptyInventoryAsAnEmptyArray() {
        inventory.clear();

        assertJson(api.get("/v1/inventory").authorized().send(), 200, "[]");
    }

    @Test
    void headOfTheListAnswersLikeGetWithoutABody() {
        ApiResponse response = api.request("HEAD", "/v1/inventory").authorized().send();

        assertEquals(200, response.status(), response::toString);
        assertEquals("", response.body());
    }

    @Test
    void updatesOnlyTheQuantityAndAnswersTheUpdatedEntry() {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().json("{\"quantity\":7}").send();

        assertJson(response, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertEquals(List.of(InMemoryInventory.set(2, 7)), inventory.commandsAskedAnonymously());
        assertJson(api.get("/v1/inventory").authorized().send(), 200,
                "[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
                        + "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"},"
                        + "{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}]");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 2147483647})
    void acceptsTheBoundsOfQuantity(long quantity) {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().json("{\"quantity\":" + quantity + "}").send();

        assertJson(response, 200, "{\"petId\":1,\"quantity\":" + quantity + ",\"status\":\"available\"}");
        assertEquals(List.of(InMemoryInventory.set(1, quantity)), inventory.commandsAskedAnonymously());
    }

    @Test
    void acceptsJsonWithWhitespaceAndACharsetParameter() {
        ApiResponse response = api.patch("/v1/inventory/10").authorized()
                .body("application/json; charset=UTF-8", "\n{ \"quantity\" : 4 }\n").send();

        assertJson(response, 200, "{\"petId\":10,\"quantity\":4,\"status\":\"pending\"}");
    }

    @Test
    void answers404ForAPetWithoutInventoryEntryAndCreatesNothing() {
        ApiResponse response = api.patch("/v1/inventory/999").authorized().json("{\"quantity\":5}").send();

        assertError(response, 404, "NOT_FOUND", "No inventory entry for pet 999");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void anUnexpectedFaultIs500WithoutItsDetails() {
        inventory.failNextCallWith(new IllegalStateException("connection refused: jdbc:postgresql://db/petstore"));

        assertError(api.get("/v1/inventory").authorized().send(), 500, "INTERNAL_ERROR",
                "An unexpected error occurred; it has been logged");
    }

    @Test
    void anUnexpectedFaultDuringAnUpdateIs500WithoutItsDetails() {
        inventory.failNextCallWith(new IllegalStateException("UPDATE inventory SET quantity = ? failed"));

        assertError(api.patch("/v1/inventory/1").authorized().json("{\"quantity\":5}").send(), 500,
                "INTERNAL_ERROR", "An unexpected error occurred; it has been logged");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void anUnreachableDatabaseIs503() {
        inventory.failNextCallWith(new StorageUnavailableException("The inventory database cannot be reached",
                new IllegalStateException("Connection to db:5432 refused")));

        assertError(api.get("/v1/inventory").authorized().send(), 503, "SERVICE_UNAVAILABLE",
                "The database is temporarily unavailable; nothing was changed, try again shortly");
    }

    @Test
    void anUnreachableDatabaseDuringAnUpdateIs503AndChangesNothing() {
        inventory.failNextCallWith(new StorageUnavailableException("The inventory database cannot be reached", null));

        assertError(api.patch("/v1/inventory/1").authorized().json("{\"quantity\":5}").send(), 503,
                "SERVICE_UNAVAILABLE", "The database is temporarily unavailable; nothing was changed, try again shortly");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidBodies")
    void rejectsAnInvalidBodyWith400(String description, String body, String code, String message) {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().json(body).send();

        assertError(response, 400, code, message);
        inventory.assertUntouched();
    }

    static Stream<Arguments> invalidBodies() {
        String longName = "n".repeat(100);
        String thousandDigits = "9".repeat(1001);
        return Stream.of(
                invalid("negative", "{\"quantity\":-1}",
                        "quantity must be an integer from 0 to 2147483647, got -1"),
                invalid("above int32", "{\"quantity\":2147483648}",
                        "quantity must be an integer from 0 to 2147483647, got 2147483648"),
                invalid("above int64", "{\"quantity\":123456789012345678901234567890}",
                        "quantity must be an integer from 0 to 2147483647, got 123456789012345678901234567890"),
                invalid("1001 digits", "{\"quantity\":" + thousandDigits + "}",
                        "The request body is too complex: " + SEND),
                invalid("fraction", "{\"quantity\":1.5}", "quantity must be a whole number, got 1.5: " + SEND),
                invalid("whole fraction", "{\"quantity\":1.0}", "quantity must be a whole number, got 1.0: " + SEND),
                invalid("exponent", "{\"quantity\":1e3}", "quantity must be a whole number, got 1e3: " + SEND),
                invalid("string", "{\"quantity\":\"5\"}", "quantity must be a JSON number, not a string: " + SEND),
                invalid("boolean", "{\"quantity\":true}", "quantity must be a JSON number, not a boolean: " + SEND),
                invalid("null", "{\"quantity\":null}", "quantity must not be null: " + SEND),
                invalid("nested array", "{\"quantity\":[5]}",
                        "quantity must be a JSON number, not an object or array: " + SEND),
                invalid("nested object", "{\"quantity\":{\"quantity\":5}}",
                        "quantity must be a JSON number, not an object or array: " + SEND),
                invalid("missing quantity", "{}", "quantity is required: " + SEND),
                invalid("array", "[{\"quantity\":5}]", "The request body must be a JSON object: " + SEND),
                invalid("bare number", "5", "The request body must be a JSON object: " + SEND),
                invalid("unknown member", "{\"quantity\":5,\"color\":\"brown\"}",
                        "Unknown member 'color': the body accepts only quantity and, optionally, reason; " + SEND),
                invalid("status member", "{\"quantity\":5,\"status\":\"sold\"}",
                        "Unknown member 'status': the body accepts only quantity and, optionally, reason; " + SEND),
                invalid("long unknown member", "{\"" + longName + "\":5}",
                        "Unknown member '" + "n".repeat(64) + "...': the body accepts only quantity and, optionally, "
                                + "reason; " + SEND),
                invalid("duplicate quantity", "{\"quantity\":5,\"quantity\":6}",
                        "quantity must be given once: " + SEND),
                invalid("empty body", "", "The request body is required: " + SEND),
                invalid("blank body", " \n ", "The request body is required: " + SEND),
                malformed("unclosed object", "{\"quantity\":5",
                        "The request body is not valid JSON (line 1, column 14): " + SEND),
                malformed("not JSON", "quantity=5",
                        "The request body is not valid JSON (line 1, column 1): " + SEND),
                malformed("a tab in a string after a letter beyond ASCII", "{\"quantity\":5,\"reason\":\"\u00e9\t\"}",
                        "The request body is not valid JSON (line 1, column 26): " + SEND),
                malformed("second object", "{\"quantity\":5}{\"quantity\":6}",
                        "The request body must hold one JSON object and nothing after it: " + SEND),
                malformed("trailing garbage", "{\"quantity\":5} x",
                        "The request body is not valid JSON (line 1, column 16): " + SEND));
    }

    @ParameterizedTest(name = "/v1/inventory/{0}")
    @MethodSource("invalidPetIds")
    void rejectsAnInvalidPetIdWith400(String petId, String message) {
        ApiResponse response = api.patch("/v1/inventory/" + petId).authorized().json("{\"quantity\":5}").send();

        assertError(response, 400, "VALIDATION_FAILED", message);
        inventory.assertUntouched();
    }

    static Stream<Arguments> invalidPetIds() {
        return Stream.of(
                Arguments.of("abc", PET_ID_RANGE + "abc"),
                Arguments.of("1.5", PET_ID_RANGE + "1.5"),
                Arguments.of("9223372036854775808", PET_ID_RANGE + "9223372036854775808"),
                Arguments.of("x".repeat(100), PET_ID_RANGE + "x".repeat(64) + "..."),
                Arguments.of("0", PET_ID_RANGE + "0"),
                Arguments.of("-1", PET_ID_RANGE + "-1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded", "application/xml"})
    void rejectsABodyThatIsNotJsonByItsContentTypeWith415(String contentType) {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().body(contentType, "{\"quantity\":5}").send();

        assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE",
                "The request body must be JSON: send the header 'Content-Type: application/json'");
        inventory.assertUntouched();
    }

    @Test
    void rejectsABodyWithoutContentTypeWith415() {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().withoutContentType("{\"quantity\":5}").send();

        assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE",
                "The request body must be JSON: send the header 'Content-Type: application/json'");
        inventory.assertUntouched();
    }

    @Test
    void rejectsABodyOverTheConfiguredLimitWith413() {
        String body = "{\"quantity\":5,\"padding\":\"" + "x".repeat(64 * 1024) + "\"}";

        ApiResponse response = api.patch("/v1/inventory/1").authorized().json(body).send();

        assertError(response, 413, "PAYLOAD_TOO_LARGE", "The request body is larger than the limit of 65536 bytes");
        inventory.assertUntouched();
    }

    @Test
    void answers406WhenTheClientDoesNotAcceptJson() {
        ApiResponse response = api.get("/v1/inventory").authorized().header("Accept", "application/xml").send();

        assertError(response, 406, "NOT_ACCEPTABLE",
                "This API answers only with application/json: accept it in the Accept header");
    }

    private static Arguments invalid(String description, String body, String message) {
        return Arguments.of(description, body, "VALIDATION_FAILED", message);
    }

    private static Arguments malformed(String description, String body, String message) {
        return Arguments.of(description, body, "MALFORMED_JSON", message);
    }
}
