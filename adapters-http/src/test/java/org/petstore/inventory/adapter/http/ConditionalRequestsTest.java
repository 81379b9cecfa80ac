package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockMovement;

/**
 * The experimental conditional requests: {@code GET /v1/inventory/{petId}} with its strong {@code ETag},
 * {@code If-None-Match} (304), {@code If-Match} on {@code PATCH} (412), and the order of the checks.
 */
class ConditionalRequestsTest extends HttpAdapterTest {

    private static final String CAT_JSON = "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"}";
    private static final String KEY_REQUIRED =
            "An API key is required: send the header 'Authorization: Bearer <API key>'";

    @Test
    void readsOneEntryWithItsStrongEntityTag() {
        ApiResponse response = api.get("/v1/inventory/2").authorized().send();

        assertJson(response, 200, CAT_JSON);
        assertHeader(response, "ETag", "\"2.1\"");
    }

    @Test
    void readsAnUnknownPetAs404() {
        assertError(api.get("/v1/inventory/999").authorized().send(), 404, "NOT_FOUND",
                "No inventory entry for pet 999");
        assertError(api.get("/v1/inventory/999").authorized().header("If-None-Match", "*").send(), 404,
                "NOT_FOUND", "No inventory entry for pet 999");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-1", "9223372036854775808"})
    void readsAnInvalidPetIdAs400(String petId) {
        assertError(api.get("/v1/inventory/" + petId).authorized().send(), 400, "VALIDATION_FAILED",
                "petId must be an integer from 1 to 9223372036854775807, got " + petId);
    }

    @Test
    void readingNeedsTheKeyWhateverTheConditions() {
        for (String path : List.of("/v1/inventory/2", "/v1/inventory")) {
            assertError(api.get(path).header("If-None-Match", "*").send(), 401, "UNAUTHORIZED", KEY_REQUIRED);
        }
        ApiResponse patch = api.patch("/v1/inventory/2").header("If-Match", "\"2.1\"").json("{\"quantity\":5}")
                .send();
        assertError(patch, 401, "UNAUTHORIZED", KEY_REQUIRED);
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.1\"", "W/\"2.1\"", "\"1.1\", \"2.1\"", "*", "\"x\",W/\"2.1\""})
    void anEntryNamedByIfNoneMatchIsNotModified(String ifNoneMatch) {
        ApiResponse response = api.get("/v1/inventory/2").authorized().header("If-None-Match", ifNoneMatch).send();

        assertNotModified(response, "\"2.1\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.2\"", "\"1.1\"", "\"2.1", "2.1", "W/2.1", "\"\"", ","})
    void anEntryNotNamedByIfNoneMatchOrAMalformedOneIsReadInFull(String ifNoneMatch) {
        ApiResponse response = api.get("/v1/inventory/2").authorized().header("If-None-Match", ifNoneMatch).send();

        assertJson(response, 200, CAT_JSON);
        assertHeader(response, "ETag", "\"2.1\"");
    }

    @Test
    void theListCarriesAWeakTagOfItsVersion() {
        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertEquals(200, response.status(), response::toString);
        assertHeader(response, "ETag", "W/\"3.3.0\"");

        api.patch("/v1/inventory/10").authorized().json("{\"quantity\":4}").send();
        assertHeader(api.get("/v1/inventory").authorized().send(), "ETag", "W/\"3.4.0\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"W/\"3.3.0\"", "\"3.3.0\"", "W/\"1.1.0\", W/\"3.3.0\"", "*"})
    void aListNamedByIfNoneMatchIsNotModifiedAndNotRead(String ifNoneMatch) {
        int listsBefore = inventory.listsOpened();

        ApiResponse response = api.get("/v1/inventory").authorized().header("If-None-Match", ifNoneMatch).send();

        assertNotModified(response, "W/\"3.3.0\"");
        assertEquals(listsBefore, inventory.listsOpened(), "lists read for a 304");
    }

    @ParameterizedTest
    @ValueSource(strings = {"W/\"3.2.0\"", "W/\"3.4.0\"", "W/3.3.0", "3.3.0"})
    void aListNotNamedByIfNoneMatchOrAMalformedOneIsReadInFull(String ifNoneMatch) {
        ApiResponse response = api.get("/v1/inventory").authorized().header("If-None-Match", ifNoneMatch).send();

        assertEquals(200, response.status(), response::toString);
        assertEquals("[{\"petId\":1,\"quantity\":12,\"status\":\"available\"},"
                + "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"},"
                + "{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}]", response.body());
        assertHeader(response, "ETag", "W/\"3.3.0\"");
    }

    @Test
    void aListStreamedInChunksCarriesTheTagOfItsVersion() {
        inventory.generateNextList(20_000, 20_000, null);

        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertEquals(200, response.status());
        assertEquals(List.of("chunked"), response.header("Transfer-Encoding"));
        assertHeader(response, "ETag", "W/\"20000.20000.0\"");
    }

    @Test
    void theHeadOfTheListCarriesItsTag() {
        ApiResponse response = api.request("HEAD", "/v1/inventory").authorized().send();

        assertEquals(200, response.status(), response::toString);
        assertHeader(response, "ETag", "W/\"3.3.0\"");
    }

    @Test
    void aListChangedSinceItsTagIsReadInFullWithTheNewTag() {
        String tag = api.get("/v1/inventory").authorized().send().header("ETag").getFirst();
        api.patch("/v1/inventory/1").authorized().json("{\"quantity\":11}").send();

        ApiResponse response = api.get("/v1/inventory").authorized().header("If-None-Match", tag).send();

        assertEquals(200, response.status(), response::toString);
        assertHeader(response, "ETag", "W/\"3.4.0\"");
    }

    @Test
    void everyUpdateAnswersTheTagTheNextReadShows() {
        ApiResponse first = api.patch("/v1/inventory/2").authorized().json("{\"quantity\":7}").send();
        assertJson(first, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertHeader(first, "ETag", "\"2.2\"");
        assertHeader(api.get("/v1/inventory/2").authorized().send(), "ETag", "\"2.2\"");

        ApiResponse sameCount = api.patch("/v1/inventory/2").authorized().json("{\"quantity\":7}").send();
        assertJson(sameCount, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertHeader(sameCount, "ETag", "\"2.2\"");
        assertHeader(api.get("/v1/inventory/2").authorized().send(), "ETag", "\"2.2\"");
    }

    @Test
    void anUpdateThatChangesNothingKeepsTheTagAndRecordsNothing() {
        ApiResponse response = api.patch("/v1/inventory/10").authorized().header("If-Match", "\"10.1\"")
                .json("{\"quantity\":3}").send();

        assertJson(response, 200, "{\"petId\":10,\"quantity\":3,\"status\":\"pending\"}");
        assertHeader(response, "ETag", "\"10.1\"");
        assertEquals(List.of(), inventory.changes());
        assertHeader(api.get("/v1/inventory").authorized().send(), "ETag", "W/\"3.3.0\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.1\"", "\"2.7\", \"2.1\"", "W/\"2.1\", \"2.1\"", "*", " \"2.1\" "})
    void anUpdateWhoseIfMatchNamesTheCurrentTagSucceeds(String ifMatch) {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().header("If-Match", ifMatch)
                .json("{\"quantity\":7}").send();

        assertJson(response, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertHeader(response, "ETag", "\"2.2\"");
    }

    @Test
    void ifMatchReachesTheUseCaseAsTheVersionsItNames() {
        api.patch("/v1/inventory/2").authorized().header("If-Match", "\"2.1\", \"2.4\", W/\"2.5\", \"1.6\"")
                .json("{\"quantity\":7}").send();
        api.patch("/v1/inventory/2").authorized().header("If-Match", "*").json("{\"quantity\":8}").send();

        assertEquals(List.of(
                ChangeStockCommand.one(new EntryChange(PetId.of(2), new StockMovement.SetTo(Quantity.of(7)),
                        ExpectedVersions.oneOf(EntryVersion.of(1), EntryVersion.of(4)), InMemoryInventory.ANONYMOUS),
                        IdempotencyKey.NONE),
                ChangeStockCommand.one(new EntryChange(PetId.of(2), new StockMovement.SetTo(Quantity.of(8)),
                        ExpectedVersions.any(), InMemoryInventory.ANONYMOUS), IdempotencyKey.NONE)),
                inventory.commandsAskedAnonymously());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.2\"", "W/\"2.1\"", "\"1.1\"", "\"2.01\"", "\"2.0\"", "\"anything\"", "\"\"", ","})
    void anUpdateWhoseIfMatchNamesNoCurrentTagIs412AndChangesNothing(String ifMatch) {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().header("If-Match", ifMatch)
                .json("{\"quantity\":7}").send();

        assertError(response, 412, "PRECONDITION_FAILED", "The inventory entry for pet 2 has changed: If-Match "
                + "names none of its current tags; read it again (GET /v1/inventory/2) and retry with its ETag");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @Test
    void theSecondOfTwoUpdatesFromTheSameReadIs412() {
        String tag = api.get("/v1/inventory/10").authorized().send().header("ETag").getFirst();

        ApiResponse first = api.patch("/v1/inventory/10").authorized().header("If-Match", tag)
                .json("{\"quantity\":4}").send();
        ApiResponse second = api.patch("/v1/inventory/10").authorized().header("If-Match", tag)
                .json("{\"quantity\":9}").send();

        assertEquals(200, first.status(), first::toString);
        assertEquals(412, second.status(), second::toString);
        assertJson(api.get("/v1/inventory/10").authorized().send(), 200,
                "{\"petId\":10,\"quantity\":4,\"status\":\"pending\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"999.1\"", "*"})
    void anUpdateOfAnUnknownPetIs404WithOrWithoutIfMatch(String ifMatch) {
        ApiResponse response = api.patch("/v1/inventory/999").authorized().header("If-Match", ifMatch)
                .json("{\"quantity\":7}").send();

        assertError(response, 404, "NOT_FOUND", "No inventory entry for pet 999");
        assertEquals(InMemoryInventory.SEED, inventory.entries());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.1", "W/2.1", "w/\"2.1\"", "\"2.1", "*, \"2.1\"", "\"2.1\" \"2.2\""})
    void aMalformedIfMatchIs400AndChangesNothing(String ifMatch) {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().header("If-Match", ifMatch)
                .json("{\"quantity\":7}").send();

        assertError(response, 400, "BAD_REQUEST", "If-Match must be * or a comma-separated list of entity tags "
                + "in double quotes, such as the entry's ETag \"2.1\"");
        inventory.assertUntouched();
    }

    @Test
    void thePetIdIsCheckedBeforeTheBodyAndTheBodyBeforeIfMatch() {
        ApiResponse badPetId = api.patch("/v1/inventory/abc").authorized().header("If-Match", "no tag")
                .json("{\"quantity\":-1}").send();
        assertError(badPetId, 400, "VALIDATION_FAILED",
                "petId must be an integer from 1 to 9223372036854775807, got abc");

        ApiResponse badBody = api.patch("/v1/inventory/2").authorized().header("If-Match", "no tag")
                .json("{\"quantity\":-1}").send();
        assertError(badBody, 400, "VALIDATION_FAILED", "quantity must be an integer from 0 to 2147483647, got -1");

        ApiResponse badBodyStaleTag = api.patch("/v1/inventory/2").authorized().header("If-Match", "\"2.9\"")
                .json("{\"quantity\":-1}").send();
        assertError(badBodyStaleTag, 400, "VALIDATION_FAILED",
                "quantity must be an integer from 0 to 2147483647, got -1");
        inventory.assertUntouched();
    }

    static void assertNotModified(ApiResponse response, String tag) {
        assertAll(response.toString(),
                () -> assertEquals(304, response.status(), "status"),
                () -> assertEquals("", response.body(), "body"),
                () -> assertEquals(List.of(tag), response.header("ETag"), "ETag"),
                () -> assertEquals(List.of(), response.header("Content-Type"), "Content-Type"));
    }
}
