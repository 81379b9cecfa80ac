package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * {@code POST /v1/inventory/changes} (experimental): a batch of deltas and counts made all or nothing, answered with
 * the entries in the order of the changes; a refused change named as {@code changes[i]}; every malformed batch 400
 * without reaching the use case; and an {@code Idempotency-Key} as on an adjustment.
 */
class StockChangesBatchTest extends HttpAdapterTest {

    private static final String CHANGES = "/v1/inventory/changes";
    private static final String SEND = "send {\"changes\": [1 to 100 changes, such as {\"petId\": 1, \"delta\": -2} or "
            + "{\"petId\": 2, \"quantity\": 10}]}";
    private static final String SEND_CHANGE = "send each change as {\"petId\": <integer from 1>, \"delta\": <non-zero "
            + "integer>} or {\"petId\": <integer from 1>, \"quantity\": <integer from 0>}";
    private static final String SALE_AND_COUNT = "{\"changes\": [{\"petId\": 10, \"delta\": -2}, "
            + "{\"petId\": 1, \"quantity\": 20, \"reason\": \"adjustment\"}], \"reason\": \"sale\"}";

    @Test
    void makesEveryChangeAndAnswersTheEntriesInTheOrderOfTheChanges() {
        ApiResponse response = batch(SALE_AND_COUNT).header("X-Request-Id", "till-9").send();

        assertJson(response, 200, "[{\"petId\":10,\"quantity\":1,\"status\":\"pending\"},"
                + "{\"petId\":1,\"quantity\":20,\"status\":\"available\"}]");
        assertEquals(List.of(), response.header("ETag"), "a batch's answer holds several entries: no ETag");
        assertJson(api.get("/v1/inventory").authorized().send(), 200,
                "[{\"petId\":1,\"quantity\":20,\"status\":\"available\"},"
                        + "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"},"
                        + "{\"petId\":10,\"quantity\":1,\"status\":\"pending\"}]");
        String keyId = inventory.commands().getFirst().changes().getFirst().origin().keyId();
        assertEquals(ChangeStockCommand.batch(List.of(
                new EntryChange(PetId.of(10), new StockMovement.AdjustBy(StockDelta.of(-2)),
                        ChangeOrigin.api(keyId, "till-9", ChangeReason.SALE)),
                new EntryChange(PetId.of(1), new StockMovement.SetTo(Quantity.of(20)),
                        ChangeOrigin.api(keyId, "till-9", ChangeReason.ADJUSTMENT))), IdempotencyKey.NONE),
                inventory.commands().getFirst());
    }

    @Test
    void theChangesAreRecordedOneAfterTheOtherWithTheRequestAndTheirReasons() {
        batch(SALE_AND_COUNT).header("X-Request-Id", "till-9").send();

        List<StockChange> changes = inventory.changes();
        assertEquals(List.of(1L, 2L), changes.stream().map(StockChange::changeId).toList());
        assertEquals(List.of(ChangeReason.SALE, ChangeReason.ADJUSTMENT),
                changes.stream().map(change -> change.origin().reason()).toList());
        String keyId = changes.getFirst().origin().keyId();
        assertJson(api.get("/v1/inventory/changes").authorized().send(), 200, "["
                + "{\"changeId\":1,\"petId\":10,\"from\":3,\"to\":1,\"version\":2,\"at\":\"" + changes.get(0).at()
                + "\",\"source\":\"api\",\"keyId\":\"" + keyId + "\",\"requestId\":\"till-9\",\"reason\":\"sale\"},"
                + "{\"changeId\":2,\"petId\":1,\"from\":12,\"to\":20,\"version\":2,\"at\":\"" + changes.get(1).at()
                + "\",\"source\":\"api\",\"keyId\":\"" + keyId + "\",\"requestId\":\"till-9\","
                + "\"reason\":\"adjustment\"}]");
    }

    @Test
    void aChangeWithoutAReasonAndABatchWithoutOneRecordNone() {
        assertEquals(200, batch("{\"changes\":[{\"petId\":1,\"delta\":1}]}").send().status());

        assertEquals(null, inventory.changes().getFirst().origin().reason());
    }

    @Test
    void aSetToTheCurrentCountAnswersTheEntryAndRecordsNothing() {
        ApiResponse response = batch("{\"changes\":[{\"petId\":2,\"quantity\":0},{\"petId\":1,\"delta\":1}]}").send();

        assertJson(response, 200, "[{\"petId\":2,\"quantity\":0,\"status\":\"sold\"},"
                + "{\"petId\":1,\"quantity\":13,\"status\":\"available\"}]");
        assertEquals(List.of(1L), inventory.changes().stream().map(change -> change.petId().value()).toList());
    }

    @Test
    void takesAHundredChanges() {
        inventory.fill(100);
        String changes = IntStream.rangeClosed(1, 100).mapToObj(pet -> "{\"petId\":" + pet + ",\"delta\":1}")
                .collect(Collectors.joining(","));

        ApiResponse response = batch("{\"changes\":[" + changes + "]}").send();

        assertEquals(200, response.status(), response::toString);
        assertEquals(100, inventory.changes().size());
    }

    @Test
    void aChangeBelowTheStockIs409NamingItAndNothingChanges() {
        ApiResponse response = batch("{\"changes\":[{\"petId\":1,\"delta\":-1},{\"petId\":2,\"delta\":-1}],"
                + "\"reason\":\"sale\"}").send();

        assertError(response, 409, "INSUFFICIENT_STOCK",
                "changes[1]: Pet 2 has 0 in stock: a delta of -1 would leave -1; nothing was changed");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
        assertEquals(List.of(), inventory.changes());
    }

    @Test
    void aChangeAboveTheLargestCountIs409NamingIt() {
        ApiResponse response = batch("{\"changes\":[{\"petId\":1,\"delta\":2147483647}]}").send();

        assertError(response, 409, "QUANTITY_LIMIT_EXCEEDED", "changes[0]: Pet 1 has 12 in stock: a delta of "
                + "+2147483647 would exceed the largest count, 2147483647; nothing was changed");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void anUnknownPetIs404NamingItsChangeAndNothingChanges() {
        ApiResponse response = batch("{\"changes\":[{\"petId\":1,\"quantity\":5},{\"petId\":999,\"delta\":1}]}")
                .send();

        assertError(response, 404, "NOT_FOUND", "changes[1]: No inventory entry for pet 999; nothing was changed");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidBatches")
    void aMalformedBatchIs400AndNeverReachesTheUseCase(String description, String body, String code,
                                                        String message) {
        assertError(batch(body).send(), 400, code, message);
        inventory.assertUntouched();
    }

    static Stream<Arguments> invalidBatches() {
        String reasons = "reason must be one of arrival, return, sale, loss, adjustment, or left out; got ";
        String hundredAndOne = IntStream.rangeClosed(1, 101).mapToObj(pet -> "{\"petId\":" + pet + ",\"delta\":1}")
                .collect(Collectors.joining(","));
        return Stream.of(
                invalid("no change", "{\"changes\":[]}", "changes must hold 1 to 100 changes, got 0"),
                invalid("101 changes", "{\"changes\":[" + hundredAndOne + "]}",
                        "changes must hold 1 to 100 changes, got 101"),
                invalid("a pet twice", "{\"changes\":[{\"petId\":1,\"delta\":1},{\"petId\":2,\"delta\":1},"
                                + "{\"petId\":1,\"quantity\":3}]}",
                        "changes[2]: pet 1 appears again (first at changes[0]): a pet appears once in a batch; "
                                + "nothing was changed"),
                invalid("both delta and quantity", "{\"changes\":[{\"petId\":1,\"delta\":1,\"quantity\":3}]}",
                        "changes[0]: a change takes either delta or quantity, not both: " + SEND_CHANGE),
                invalid("neither delta nor quantity", "{\"changes\":[{\"petId\":1},{\"petId\":2,\"reason\":\"sale\"}]}",
                        "changes[0]: a change needs either delta or quantity: " + SEND_CHANGE),
                invalid("no petId", "{\"changes\":[{\"petId\":1,\"delta\":1},{\"delta\":1}]}",
                        "changes[1]: petId is required: " + SEND_CHANGE),
                invalid("petId 0", "{\"changes\":[{\"petId\":0,\"delta\":1}]}",
                        "changes[0]: petId must be an integer from 1 to 9223372036854775807, got 0"),
                invalid("petId above int64", "{\"changes\":[{\"petId\":9223372036854775808,\"delta\":1}]}",
                        "changes[0]: petId must be an integer from 1 to 9223372036854775807, got "
                                + "9223372036854775808"),
                invalid("petId a string", "{\"changes\":[{\"petId\":\"1\",\"delta\":1}]}",
                        "changes[0]: petId must be a JSON number, not a string: " + SEND_CHANGE),
                invalid("delta 0", "{\"changes\":[{\"petId\":1,\"delta\":-1},{\"petId\":2,\"delta\":0}]}",
                        "changes[1]: delta must be a non-zero integer from -2147483647 to 2147483647, got 0"),
                invalid("delta a fraction", "{\"changes\":[{\"petId\":1,\"delta\":0.5}]}",
                        "changes[0]: delta must be a whole number, got 0.5: " + SEND_CHANGE),
                invalid("delta null", "{\"changes\":[{\"petId\":1,\"delta\":null}]}",
                        "changes[0]: delta must not be null: " + SEND_CHANGE),
                invalid("quantity below 0", "{\"changes\":[{\"petId\":1,\"quantity\":-1}]}",
                        "changes[0]: quantity must be an integer from 0 to 2147483647, got -1"),
                invalid("quantity above int32", "{\"changes\":[{\"petId\":1,\"quantity\":2147483648}]}",
                        "changes[0]: quantity must be an integer from 0 to 2147483647, got 2147483648"),
                invalid("delta twice", "{\"changes\":[{\"petId\":1,\"delta\":1,\"delta\":2}]}",
                        "changes[0]: delta must be given once: " + SEND_CHANGE),
                invalid("unknown member of a change", "{\"changes\":[{\"petId\":1,\"delta\":1,\"status\":\"sold\"}]}",
                        "changes[0]: Unknown member 'status': a change accepts only petId, delta or quantity, and, "
                                + "optionally, reason; " + SEND_CHANGE),
                invalid("unknown reason of a change", "{\"changes\":[{\"petId\":1,\"delta\":1,\"reason\":\"theft\"}]}",
                        "changes[0]: " + reasons + "\"theft\""),
                invalid("a change that is no object", "{\"changes\":[{\"petId\":1,\"delta\":1},[2,-1]]}",
                        "changes[1]: a change must be a JSON object: " + SEND_CHANGE),
                invalid("changes not an array", "{\"changes\":{\"petId\":1,\"delta\":1}}",
                        "changes must be a JSON array of changes: " + SEND),
                invalid("changes null", "{\"changes\":null}", "changes must be a JSON array of changes: " + SEND),
                invalid("no changes", "{\"reason\":\"sale\"}", "changes is required: " + SEND),
                invalid("changes twice", "{\"changes\":[{\"petId\":1,\"delta\":1}],\"changes\":[]}",
                        "changes must be given once: " + SEND),
                invalid("unknown reason of the batch", "{\"changes\":[{\"petId\":1,\"delta\":1}],\"reason\":\"x\"}",
                        reasons + "\"x\""),
                invalid("unknown member of the batch", "{\"changes\":[{\"petId\":1,\"delta\":1}],\"petId\":1}",
                        "Unknown member 'petId': the body accepts only changes and, optionally, reason; " + SEND),
                invalid("an array", "[{\"petId\":1,\"delta\":1}]", "The request body must be a JSON object: " + SEND),
                invalid("empty body", "", "The request body is required: " + SEND),
                Arguments.of("unclosed array", "{\"changes\":[{\"petId\":1,\"delta\":1}", "MALFORMED_JSON",
                        "The request body is not valid JSON (line 1, column 34): " + SEND),
                Arguments.of("trailing content", "{\"changes\":[{\"petId\":1,\"delta\":1}]} []", "MALFORMED_JSON",
                        "The request body must hold one JSON object and nothing after it: " + SEND));
    }

    @Test
    void theKeyIsCheckedBeforeTheBodyAndTheMediaTypeBeforeItToo() {
        assertError(api.request("POST", CHANGES).json("garbage").send(), 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
        assertError(api.request("POST", CHANGES).authorized().body("text/plain", "garbage").send(), 415,
                "UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON: send the header 'Content-Type: "
                        + "application/json'");
        assertError(api.request("POST", CHANGES).authorized().withoutContentType("{\"changes\":[]}").send(), 415,
                "UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON: send the header 'Content-Type: "
                        + "application/json'");
        inventory.assertUntouched();
    }

    @Test
    void theBodyIsCheckedBeforeTheIdempotencyKey() {
        ApiClient.Request request = batch("{\"changes\":[{\"petId\":1,\"delta\":1},{\"petId\":1,\"delta\":1}]}")
                .header("Idempotency-Key", "\"unclosed");

        assertError(request.send(), 400, "VALIDATION_FAILED", "changes[1]: pet 1 appears again (first at "
                + "changes[0]): a pet appears once in a batch; nothing was changed");
        inventory.assertUntouched();
    }

    @Test
    void aRetryWithTheSameKeyGetsTheFirstAnswerAndChangesNothing() {
        ApiResponse first = batch(SALE_AND_COUNT).header("Idempotency-Key", "\"close-till-9\"").send();
        ApiResponse retry = batch(SALE_AND_COUNT).header("Idempotency-Key", "\"close-till-9\"").send();

        assertEquals(200, first.status(), first::toString);
        IdempotencyKeyTest.assertSameAnswer(first, retry);
        assertEquals(2, inventory.changes().size(), "changes recorded");
        assertEquals("close-till-9", ((IdempotencyKey.Of) inventory.commands().getLast().key()).request().key());
    }

    @Test
    void aRefusedBatchIsReplayedWithItsRefusal() {
        ApiResponse first = batch("{\"changes\":[{\"petId\":2,\"delta\":-1}]}").header("Idempotency-Key", "k")
                .send();
        api.patch("/v1/inventory/2").authorized().json("{\"quantity\":5}").send();

        ApiResponse retry = batch("{\"changes\":[{\"petId\":2,\"delta\":-1}]}").header("Idempotency-Key", "k").send();

        assertEquals(409, first.status(), first::toString);
        IdempotencyKeyTest.assertSameAnswer(first, retry);
    }

    @Test
    void theSameKeyWithAnotherBatchOrOnAnAdjustmentIs422() {
        batch(SALE_AND_COUNT).header("Idempotency-Key", "k-5").send();

        ApiResponse otherBatch = batch("{\"changes\":[{\"petId\":10,\"delta\":-1}]}").header("Idempotency-Key", "k-5")
                .send();
        ApiResponse adjustment = api.request("POST", "/v1/inventory/10/adjustments").authorized()
                .header("Idempotency-Key", "k-5").json("{\"delta\":-2}").send();

        for (ApiResponse reused : List.of(otherBatch, adjustment)) {
            assertError(reused, 422, "IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was used with another request "
                    + "(method, path or body): send a new key for a new request");
        }
        assertEquals(2, inventory.changes().size(), "changes recorded");
    }

    @Test
    void withoutAKeyEachBatchIsCarriedOut() {
        batch("{\"changes\":[{\"petId\":1,\"delta\":-1}]}").send();
        ApiResponse second = batch("{\"changes\":[{\"petId\":1,\"delta\":-1}]}").send();

        assertJson(second, 200, "[{\"petId\":1,\"quantity\":10,\"status\":\"available\"}]");
    }

    private ApiClient.Request batch(String body) {
        return api.request("POST", CHANGES).authorized().json(body);
    }

    private static Arguments invalid(String description, String body, String message) {
        return Arguments.of(description, body, "VALIDATION_FAILED", message);
    }
}
