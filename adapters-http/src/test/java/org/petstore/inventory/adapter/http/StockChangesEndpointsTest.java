package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.StockChange;

/**
 * The stock ledger through HTTP (experimental): the optional {@code reason} of a {@code PATCH}, what the use case is
 * told about who made a change, and the two reads, with their paging, over the in-memory ledger.
 */
class StockChangesEndpointsTest extends HttpAdapterTest {

    private static final String SEND = "send {\"quantity\": <integer from 0 to 2147483647>}";

    @Test
    void aPatchWithAReasonAnswersAsWithoutOneAndTheChangeCarriesTheReasonTheKeyAndTheRequest() {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().header("X-Request-Id", "order-4711")
                .json("{\"quantity\":7,\"reason\":\"arrival\"}").send();

        assertJson(response, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertHeader(response, "ETag", "\"2.2\"");
        ChangeOrigin origin = inventory.changesAsked().getFirst().origin();
        assertEquals(ChangeReason.ARRIVAL, origin.reason());
        assertEquals("order-4711", origin.requestId());
        assertTrue(origin.keyId().matches("key-[0-9a-f]{12}"), origin.keyId());
    }

    @Test
    void eachReasonIsTakenAndNoReasonIsNone() {
        for (String reason : List.of("arrival", "return", "sale", "loss", "adjustment")) {
            assertEquals(200, api.patch("/v1/inventory/1").authorized()
                    .json("{\"reason\":\"" + reason + "\",\"quantity\":3}").send().status());
        }
        assertEquals(200, api.patch("/v1/inventory/1").authorized().json("{\"quantity\":4}").send().status());

        assertEquals(java.util.Arrays.asList(ChangeReason.ARRIVAL, ChangeReason.RETURN, ChangeReason.SALE,
                        ChangeReason.LOSS, ChangeReason.ADJUSTMENT, null),
                inventory.changesAsked().stream().map(change -> change.origin().reason()).toList());
    }

    @Test
    void theKeyIdIsTheSameForOneKeyOtherForAnotherAndNeverTheKey() {
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":1}").send();
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":2}").send();
        api.patch("/v1/inventory/1").bearer(ApiClient.ROTATED_KEY).json("{\"quantity\":3}").send();

        List<String> ids = inventory.changesAsked().stream().map(change -> change.origin().keyId()).toList();
        assertEquals(ids.get(0), ids.get(1));
        assertNotEquals(ids.get(0), ids.get(2));
        assertFalse(ids.get(0).contains(ApiClient.KEY), ids.get(0));
        assertFalse(ids.get(2).contains(ApiClient.ROTATED_KEY), ids.get(2));
    }

    @Test
    void aRequestWithoutAnIdIsRecordedWithTheIdTheServiceGaveIt() {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().json("{\"quantity\":1}").send();

        assertEquals(List.of(response.header("X-Request-Id").getFirst()),
                inventory.changesAsked().stream().map(change -> change.origin().requestId()).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidReasons")
    void anyOtherReasonIs400AndChangesNothing(String description, String body, String message) {
        assertError(api.patch("/v1/inventory/1").authorized().json(body).send(), 400, "VALIDATION_FAILED", message);
        inventory.assertUntouched();
    }

    static Stream<Arguments> invalidReasons() {
        String allowed = "reason must be one of arrival, return, sale, loss, adjustment, or left out; got ";
        return Stream.of(
                Arguments.of("unknown", "{\"quantity\":5,\"reason\":\"theft\"}", allowed + "\"theft\""),
                Arguments.of("upper case", "{\"quantity\":5,\"reason\":\"ARRIVAL\"}", allowed + "\"ARRIVAL\""),
                Arguments.of("empty", "{\"quantity\":5,\"reason\":\"\"}", allowed + "\"\""),
                Arguments.of("null", "{\"quantity\":5,\"reason\":null}", allowed + "null"),
                Arguments.of("number", "{\"quantity\":5,\"reason\":1}", allowed + "a JSON number"),
                Arguments.of("boolean", "{\"quantity\":5,\"reason\":true}", allowed + "a boolean"),
                Arguments.of("array", "{\"quantity\":5,\"reason\":[\"arrival\"]}", allowed + "an object or array"),
                Arguments.of("twice", "{\"quantity\":5,\"reason\":\"arrival\",\"reason\":\"return\"}",
                        "reason must be given once: " + SEND),
                Arguments.of("reason alone", "{\"reason\":\"arrival\"}", "quantity is required: " + SEND));
    }

    @Test
    void anEntrysHistoryIsItsChangesNewestFirstWithEveryMember() {
        api.patch("/v1/inventory/2").authorized().header("X-Request-Id", "r-1")
                .json("{\"quantity\":7,\"reason\":\"arrival\"}").send();
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":1}").send();
        api.patch("/v1/inventory/2").authorized().header("X-Request-Id", "r-2").json("{\"quantity\":5}").send();
        List<StockChange> changes = inventory.changes();
        String keyId = changes.getFirst().origin().keyId();

        ApiResponse response = api.get("/v1/inventory/2/changes").authorized().send();

        assertJson(response, 200, "["
                + "{\"changeId\":3,\"petId\":2,\"from\":7,\"to\":5,\"version\":3,\"at\":\"" + changes.get(2).at()
                + "\",\"source\":\"api\",\"keyId\":\"" + keyId + "\",\"requestId\":\"r-2\",\"reason\":null},"
                + "{\"changeId\":1,\"petId\":2,\"from\":0,\"to\":7,\"version\":2,\"at\":\"" + changes.get(0).at()
                + "\",\"source\":\"api\",\"keyId\":\"" + keyId + "\",\"requestId\":\"r-1\",\"reason\":\"arrival\"}]");
        assertEquals(List.of(), response.header("Link"));
    }

    @Test
    void aFullPageOfHistoryLinksToTheOlderOnes() {
        for (int quantity = 1; quantity <= 3; quantity++) {
            api.patch("/v1/inventory/10").authorized().json("{\"quantity\":" + quantity + "}").send();
        }

        ApiResponse first = api.get("/v1/inventory/10/changes?limit=2").authorized().send();
        assertEquals(200, first.status(), first::toString);
        assertTrue(first.body().startsWith("[{\"changeId\":3,"), first.body());
        assertHeader(first, "Link", "</v1/inventory/10/changes?before=2&limit=2>; rel=\"next\"");

        ApiResponse second = api.get("/v1/inventory/10/changes?before=2&limit=2").authorized().send();
        assertTrue(second.body().startsWith("[{\"changeId\":1,"), second.body());
        assertEquals(List.of(), second.header("Link"));
    }

    @Test
    void theFeedIsEveryChangeAfterTheCursorOldestFirstAndLinksToWhereToReadOn() {
        for (int quantity = 1; quantity <= 3; quantity++) {
            api.patch("/v1/inventory/" + (quantity == 2 ? 1 : 10)).authorized()
                    .json("{\"quantity\":" + quantity + "}").send();
        }

        ApiResponse page = api.get("/v1/inventory/changes?after=1&limit=5").authorized().send();
        assertEquals(200, page.status(), page::toString);
        assertTrue(page.body().matches("\\[\\{\"changeId\":2,\"petId\":1,.*\\},\\{\"changeId\":3,\"petId\":10,.*\\}]"),
                page.body());
        assertHeader(page, "Link", "</v1/inventory/changes?after=3&limit=5>; rel=\"next\"");

        ApiResponse empty = api.get("/v1/inventory/changes?after=3").authorized().send();
        assertJson(empty, 200, "[]");
        assertHeader(empty, "Link", "</v1/inventory/changes?after=3&limit=50>; rel=\"next\"");
        assertTrue(api.get("/v1/inventory/changes").authorized().send().body().startsWith("[{\"changeId\":1,"));
    }

    @Test
    void aCursorOlderThanTheOldestChangeKeptIs410AndSaysWhereToFollowFrom() {
        for (int quantity = 1; quantity <= 3; quantity++) {
            api.patch("/v1/inventory/1").authorized().json("{\"quantity\":" + quantity + "}").send();
        }
        inventory.removeChangesThrough(2);

        assertError(api.get("/v1/inventory/changes?after=1").authorized().send(), 410, "CURSOR_EXPIRED",
                "Changes after 1 up to 2 are no longer kept: read the list again (GET /v1/inventory), then follow "
                        + "the changes after 3");
        assertTrue(api.get("/v1/inventory/changes?after=2").authorized().send().body()
                .startsWith("[{\"changeId\":3,"));
    }

    @Test
    void theHistoryOfAPetWithoutAnEntryIs404() {
        assertError(api.get("/v1/inventory/999/changes").authorized().send(), 404, "NOT_FOUND",
                "No inventory entry for pet 999");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidQueries")
    void aBadCursorOrLimitIs400(String path, String message) {
        assertError(api.get(path).authorized().send(), 400, "VALIDATION_FAILED", message);
    }

    static Stream<Arguments> invalidQueries() {
        String limit = "limit must be an integer from 1 to 500, got ";
        return Stream.of(
                Arguments.of("/v1/inventory/changes?limit=0", limit + "0"),
                Arguments.of("/v1/inventory/changes?limit=501", limit + "501"),
                Arguments.of("/v1/inventory/changes?limit=ten", limit + "ten"),
                Arguments.of("/v1/inventory/changes?limit=-1", limit + "-1"),
                Arguments.of("/v1/inventory/changes?after=-1",
                        "after must be a changeId, an integer from 0 to 9223372036854775807, got -1"),
                Arguments.of("/v1/inventory/changes?after=abc",
                        "after must be a changeId, an integer from 0 to 9223372036854775807, got abc"),
                Arguments.of("/v1/inventory/changes?after=9223372036854775808",
                        "after must be a changeId, an integer from 0 to 9223372036854775807, got "
                                + "9223372036854775808"),
                Arguments.of("/v1/inventory/1/changes?before=0",
                        "before must be a changeId, an integer from 1 to 9223372036854775807, got 0"),
                Arguments.of("/v1/inventory/1/changes?limit=1000", limit + "1000"),
                Arguments.of("/v1/inventory/0/changes",
                        "petId must be an integer from 1 to 9223372036854775807, got 0"));
    }

    @Test
    void bothReadsNeedAKey() {
        assertEquals(401, api.get("/v1/inventory/changes").send().status());
        assertEquals(401, api.get("/v1/inventory/1/changes").send().status());
    }
}
