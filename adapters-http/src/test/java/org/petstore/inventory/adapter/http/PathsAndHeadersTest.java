package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a path or a header cannot do: name a pet with digits other than ASCII ones, or get a request refused only
 * because it carries a foreign {@code Origin} (no cross-origin access is configured here). And what every response
 * carries: {@code Cache-Control: no-store} and {@code X-Content-Type-Options: nosniff}.
 */
class PathsAndHeadersTest extends HttpAdapterTest {

    private static final String AUTHORIZATION = "Authorization: Bearer " + ApiClient.KEY;
    private static final String PET_ID_RANGE = "petId must be an integer from 1 to 9223372036854775807, got ";

    @ParameterizedTest(name = "{1}")
    @CsvSource({
            "%D9%A1, \u0661",              // ARABIC-INDIC DIGIT ONE
            "%EF%BC%91, \uFF11",           // FULLWIDTH DIGIT ONE
            "%DB%B1, \u06F1",              // EXTENDED ARABIC-INDIC DIGIT ONE
            "%E0%A5%A7, \u0967"})          // DEVANAGARI DIGIT ONE
    void onlyAsciiDigitsNameAPet(String encoded, String decoded) {
        ApiResponse response = api.patch("/v1/inventory/" + encoded).authorized().json("{\"quantity\":99}").send();

        assertError(response, 400, "VALIDATION_FAILED", PET_ID_RANGE + decoded);
        inventory.assertUntouched();
    }

    @Test
    void theDeprecatedPetLookupTakesOnlyAsciiDigitsToo() {
        ApiResponse response = api.get("/v1/pets/%EF%BC%91").authorized().send();

        assertError(response, 400, "VALIDATION_FAILED", PET_ID_RANGE + "\uFF11");
    }

    @Test
    void aForeignOriginWithAValidKeyIsAnsweredAsAnyOtherRequest() {
        ApiResponse response = api.get("/v1/inventory").authorized().header("Origin", "https://elsewhere.example")
                .send();

        assertEquals(200, response.status(), response.toString());
        assertEquals(List.of(), response.header("Access-Control-Allow-Origin"));
    }

    @Test
    void aForeignOriginWithoutAKeyIs401() {
        ApiResponse response = api.get("/v1/inventory").header("Origin", "https://elsewhere.example").send();

        assertError(response, 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
    }

    @Test
    void anUpdateFromAForeignOriginIsAppliedAsAnyOther() {
        ApiResponse response = api.patch("/v1/inventory/1").authorized().header("Origin", "null")
                .json("{\"quantity\":7}").send();

        assertJson(response, 200, "{\"petId\":1,\"quantity\":7,\"status\":\"available\"}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/inventory", "/v1/store/orders", "/v1/pets/1", "/v1/openapi.yml"})
    void everySuccessfulResponseIsNotStoredAndNotSniffed(String path) {
        assertNoStoreNoSniff(api.get(path).authorized().send(), 200);
    }

    @Test
    void errorsAreNotStoredAndNotSniffedEither() {
        assertAll(
                () -> assertNoStoreNoSniff(api.get("/v1/inventory").send(), 401),
                () -> assertNoStoreNoSniff(api.get("/v1/nothing").authorized().send(), 404),
                () -> assertNoStoreNoSniff(api.request("DELETE", "/v1/inventory").authorized().send(), 405),
                () -> assertNoStoreNoSniff(api.patch("/v1/inventory/1").authorized().json("{").send(), 400),
                () -> assertNoStoreNoSniff(api.patch("/v1/inventory/99").authorized().json("{\"quantity\":1}")
                        .send(), 404),
                () -> assertNoStoreNoSniff(api.raw("GET /v1/inventory/%zz HTTP/1.1", AUTHORIZATION), 400),
                () -> assertNoStoreNoSniff(api.raw("GARBAGE"), 400),
                () -> assertNoStoreNoSniff(api.get("/v1/inventory").authorized()
                        .header("X-Padding", "x".repeat(10_000)).send(), 431));
    }

    private static void assertNoStoreNoSniff(ApiResponse response, int status) {
        assertEquals(status, response.status(), response.toString());
        assertHeader(response, "Cache-Control", "no-store");
        assertHeader(response, "X-Content-Type-Options", "nosniff");
    }
}
