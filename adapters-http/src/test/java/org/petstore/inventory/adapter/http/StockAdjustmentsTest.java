package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * {@code POST /v1/inventory/{petId}/adjustments} (experimental): a count moved by a delta, answered like a
 * {@code PATCH} (the entry and its {@code ETag}), {@code If-Match} as on a {@code PATCH}, the 409s of a count that
 * would leave its range, and every way a request is refused (400, 401, 404, 412, 415) without reaching the use case.
 */
class StockAdjustmentsTest extends HttpAdapterTest {

    private static final String SEND = "send {\"delta\": <non-zero integer from -2147483647 to 2147483647>}";
    private static final String DELTA_RANGE = "delta must be a non-zero integer from -2147483647 to 2147483647, got ";
    private static final String PET_ID_RANGE = "petId must be an integer from 1 to 9223372036854775807, got ";
    private static final String KEY_REQUIRED =
            "An API key is required: send the header 'Authorization: Bearer <API key>'";

    @Test
    void movesTheCountByTheDeltaAndAnswersTheEntryWithItsTag() {
        ApiResponse response = adjust(1, "{\"delta\":-2,\"reason\":\"sale\"}").header("X-Request-Id", "till-7")
                .send();

        assertJson(response, 200, "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}");
        assertHeader(response, "ETag", "\"1.2\"");
        ApiResponse read = api.get("/v1/inventory/1").authorized().send();
        assertJson(read, 200, "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}");
        assertHeader(read, "ETag", "\"1.2\"");
        ChangeStockCommand command = inventory.commands().getFirst();
        String keyId = command.changes().getFirst().origin().keyId();
        assertEquals(ChangeStockCommand.one(new EntryChange(PetId.of(1), new StockMovement.AdjustBy(StockDelta.of(-2)),
                ExpectedVersions.unconditional(), ChangeOrigin.api(keyId, "till-7", ChangeReason.SALE)),
                IdempotencyKey.NONE), command);
        assertTrue(keyId.matches("key-[0-9a-f]{12}"), keyId);
    }

    @Test
    void anArrivalIsRecordedInTheLedgerWithItsReason() {
        assertJson(adjust(10, "{\"reason\":\"arrival\",\"delta\":5}").send(), 200,
                "{\"petId\":10,\"quantity\":8,\"status\":\"pending\"}");

        StockChange change = inventory.changes().getFirst();
        assertEquals(List.of(3, 8, 2L, ChangeReason.ARRIVAL), List.of(change.from().value(), change.to().value(),
                change.version().value(), change.origin().reason()));
        assertJson(adjust(10, "{\"delta\":1}").send(), 200, "{\"petId\":10,\"quantity\":9,\"status\":\"pending\"}");
        assertEquals(null, inventory.changes().getLast().origin().reason());
    }

    @Test
    void eachReasonIsTaken() {
        for (String reason : List.of("arrival", "return", "sale", "loss", "adjustment")) {
            assertEquals(200, adjust(1, "{\"delta\":1,\"reason\":\"" + reason + "\"}").send().status());
        }

        assertEquals(List.of(ChangeReason.ARRIVAL, ChangeReason.RETURN, ChangeReason.SALE, ChangeReason.LOSS,
                ChangeReason.ADJUSTMENT), inventory.changesAsked().stream().map(change -> change.origin().reason())
                .toList());
    }

    @Test
    void theCountMayReachBothEndsOfItsRange() {
        assertJson(adjust(1, "{\"delta\":-12}").send(), 200, "{\"petId\":1,\"quantity\":0,\"status\":\"available\"}");
        assertJson(adjust(1, "{\"delta\":2147483647}").send(), 200,
                "{\"petId\":1,\"quantity\":2147483647,\"status\":\"available\"}");
        assertJson(adjust(1, "{\"delta\":-2147483647}").send(), 200,
                "{\"petId\":1,\"quantity\":0,\"status\":\"available\"}");
    }

    @Test
    void aDeltaBelowTheStockIs409InsufficientStockAndChangesNothing() {
        ApiResponse response = adjust(1, "{\"delta\":-13,\"reason\":\"sale\"}").send();

        assertError(response, 409, "INSUFFICIENT_STOCK",
                "Pet 1 has 12 in stock: a delta of -13 would leave -1; nothing was changed");
        assertEquals(List.of(), response.header("ETag"));
        assertEquals(InMemoryInventory.SEED, inventory.entries());
        assertEquals(List.of(), inventory.changes());
    }

    @Test
    void aDeltaAboveTheLargestCountIs409QuantityLimitExceededAndChangesNothing() {
        ApiResponse response = adjust(10, "{\"delta\":2147483645}").send();

        assertError(response, 409, "QUANTITY_LIMIT_EXCEEDED",
                "Pet 10 has 3 in stock: a delta of +2147483645 would exceed the largest count, 2147483647; nothing "
                        + "was changed");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void anUnknownPetIs404AndCreatesNothing() {
        assertError(adjust(999, "{\"delta\":5}").send(), 404, "NOT_FOUND", "No inventory entry for pet 999");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidBodies")
    void anInvalidBodyIs400AndNeverReachesTheUseCase(String description, String body, String code, String message) {
        assertError(adjust(1, body).send(), 400, code, message);
        inventory.assertUntouched();
    }

    static Stream<Arguments> invalidBodies() {
        String reasons = "reason must be one of arrival, return, sale, loss, adjustment, or left out; got ";
        return Stream.of(
                invalid("zero", "{\"delta\":0}", DELTA_RANGE + "0"),
                invalid("minus zero", "{\"delta\":-0}", DELTA_RANGE + "0"),
                invalid("missing delta", "{}", "delta is required: " + SEND),
                invalid("reason alone", "{\"reason\":\"sale\"}", "delta is required: " + SEND),
                invalid("string", "{\"delta\":\"-1\"}", "delta must be a JSON number, not a string: " + SEND),
                invalid("fraction", "{\"delta\":-1.5}", "delta must be a whole number, got -1.5: " + SEND),
                invalid("whole fraction", "{\"delta\":1.0}", "delta must be a whole number, got 1.0: " + SEND),
                invalid("exponent", "{\"delta\":1e2}", "delta must be a whole number, got 1e2: " + SEND),
                invalid("null", "{\"delta\":null}", "delta must not be null: " + SEND),
                invalid("boolean", "{\"delta\":true}", "delta must be a JSON number, not a boolean: " + SEND),
                invalid("array", "{\"delta\":[1]}", "delta must be a JSON number, not an object or array: " + SEND),
                invalid("above the range", "{\"delta\":2147483648}", DELTA_RANGE + "2147483648"),
                invalid("below the range", "{\"delta\":-2147483648}", DELTA_RANGE + "-2147483648"),
                invalid("above int64", "{\"delta\":-123456789012345678901234567890}",
                        DELTA_RANGE + "-123456789012345678901234567890"),
                invalid("unknown member", "{\"delta\":1,\"quantity\":5}",
                        "Unknown member 'quantity': the body accepts only delta and, optionally, reason; " + SEND),
                invalid("duplicate delta", "{\"delta\":1,\"delta\":2}", "delta must be given once: " + SEND),
                invalid("unknown reason", "{\"delta\":1,\"reason\":\"theft\"}", reasons + "\"theft\""),
                invalid("null reason", "{\"delta\":1,\"reason\":null}", reasons + "null"),
                invalid("bare number", "-1", "The request body must be a JSON object: " + SEND),
                invalid("empty body", "", "The request body is required: " + SEND),
                invalid("blank body", " \n", "The request body is required: " + SEND),
                Arguments.of("unclosed object", "{\"delta\":-1", "MALFORMED_JSON",
                        "The request body is not valid JSON (line 1, column 12): " + SEND),
                Arguments.of("second object", "{\"delta\":-1}{\"delta\":-1}", "MALFORMED_JSON",
                        "The request body must hold one JSON object and nothing after it: " + SEND),
                Arguments.of("trailing garbage", "{\"delta\":-1} x", "MALFORMED_JSON",
                        "The request body is not valid JSON (line 1, column 14): " + SEND));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "abc", "-1", "9223372036854775808"})
    void anInvalidPetIdIs400BeforeTheBody(String petId) {
        ApiResponse response = api.request("POST", "/v1/inventory/" + petId + "/adjustments").authorized()
                .json("{\"delta\":0}").send();

        assertError(response, 400, "VALIDATION_FAILED", PET_ID_RANGE + petId);
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/plain", "application/x-www-form-urlencoded"})
    void aBodyThatIsNotJsonByItsContentTypeIs415(String contentType) {
        ApiResponse response = api.request("POST", "/v1/inventory/1/adjustments").authorized()
                .body(contentType, "{\"delta\":1}").send();

        assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE",
                "The request body must be JSON: send the header 'Content-Type: application/json'");
        inventory.assertUntouched();
    }

    @Test
    void aBodyWithoutContentTypeIs415() {
        ApiResponse response = api.request("POST", "/v1/inventory/1/adjustments").authorized()
                .withoutContentType("{\"delta\":1}").send();

        assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE",
                "The request body must be JSON: send the header 'Content-Type: application/json'");
        inventory.assertUntouched();
    }

    @Test
    void theKeyIsCheckedBeforeTheBody() {
        ApiResponse withoutKey = api.request("POST", "/v1/inventory/1/adjustments").json("not json at all").send();
        ApiResponse wrongKey = api.request("POST", "/v1/inventory/1/adjustments").bearer("wrong-key")
                .json("{\"delta\":-1}").send();

        assertError(withoutKey, 401, "UNAUTHORIZED", KEY_REQUIRED);
        assertEquals(401, wrongKey.status(), wrongKey::toString);
        inventory.assertUntouched();
    }

    @Test
    void aBodyOverTheConfiguredLimitIs413() {
        String body = "{\"delta\":1,\"padding\":\"" + "x".repeat(64 * 1024) + "\"}";

        assertError(adjust(1, body).send(), 413, "PAYLOAD_TOO_LARGE",
                "The request body is larger than the limit of 65536 bytes");
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"1.1\"", "*", "\"1.7\", \"1.1\""})
    void anAdjustmentWhoseIfMatchNamesTheCurrentTagSucceeds(String ifMatch) {
        ApiResponse response = adjust(1, "{\"delta\":3}").header("If-Match", ifMatch).send();

        assertJson(response, 200, "{\"petId\":1,\"quantity\":15,\"status\":\"available\"}");
        assertHeader(response, "ETag", "\"1.2\"");
    }

    @Test
    void ifMatchReachesTheUseCaseAsTheVersionsItNames() {
        adjust(1, "{\"delta\":3}").header("If-Match", "\"1.1\", W/\"1.2\", \"2.3\", \"1.4\"").send();

        assertEquals(ExpectedVersions.oneOf(EntryVersion.of(1), EntryVersion.of(4)),
                inventory.changesAsked().getFirst().expected());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"1.2\"", "W/\"1.1\"", "\"2.1\"", "\"\""})
    void anAdjustmentWhoseIfMatchNamesNoCurrentTagIs412AndChangesNothing(String ifMatch) {
        ApiResponse response = adjust(1, "{\"delta\":3}").header("If-Match", ifMatch).send();

        assertError(response, 412, "PRECONDITION_FAILED", "The inventory entry for pet 1 has changed: If-Match "
                + "names none of its current tags; read it again (GET /v1/inventory/1) and retry with its ETag");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void anAdjustmentOfAnUnknownPetIs404WithIfMatch() {
        assertError(adjust(999, "{\"delta\":3}").header("If-Match", "\"999.1\"").send(), 404, "NOT_FOUND",
                "No inventory entry for pet 999");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.1", "W/1.1", "\"1.1", "*, \"1.1\""})
    void aMalformedIfMatchIs400AndNeverReachesTheUseCase(String ifMatch) {
        ApiResponse response = adjust(1, "{\"delta\":3}").header("If-Match", ifMatch).send();

        assertError(response, 400, "BAD_REQUEST", "If-Match must be * or a comma-separated list of entity tags "
                + "in double quotes, such as the entry's ETag \"1.1\"");
        inventory.assertUntouched();
    }

    @Test
    void thePetIdIsCheckedBeforeTheBodyTheBodyBeforeIfMatchAndIfMatchBeforeTheIdempotencyKey() {
        assertError(api.request("POST", "/v1/inventory/abc/adjustments").authorized().header("If-Match", "no tag")
                .json("{\"delta\":0}").send(), 400, "VALIDATION_FAILED", PET_ID_RANGE + "abc");
        assertError(adjust(1, "{\"delta\":0}").header("If-Match", "no tag").header("Idempotency-Key", "\"")
                .send(), 400, "VALIDATION_FAILED", DELTA_RANGE + "0");
        assertError(adjust(1, "{\"delta\":1}").header("If-Match", "no tag").header("Idempotency-Key", "\"").send(),
                400, "BAD_REQUEST", "If-Match must be * or a comma-separated list of entity tags in double quotes, "
                        + "such as the entry's ETag \"1.1\"");
        inventory.assertUntouched();
    }

    private ApiClient.Request adjust(long petId, String body) {
        return api.request("POST", "/v1/inventory/" + petId + "/adjustments").authorized().json(body);
    }

    private static Arguments invalid(String description, String body, String message) {
        return Arguments.of(description, body, "VALIDATION_FAILED", message);
    }
}
