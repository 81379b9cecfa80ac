package org.petstore.inventory.adapter.http;

import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.annotation.Property;
import java.util.List;
import org.petstore.inventory.domain.ExpectedVersions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * With {@code petstore.require-if-match=true}, every update and every adjustment must name the version it was made
 * from, and a batch, which cannot, is refused.
 */
@Property(name = "petstore.require-if-match", value = "true")
class RequiredIfMatchTest extends HttpAdapterTest {

    private static final String REQUIRED = "This service accepts only conditional updates: send If-Match with the "
            + "entry's ETag (GET /v1/inventory/{petId}), or If-Match: * for any version";

    @Test
    void anUpdateWithoutIfMatchIs428AndChangesNothing() {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().json("{\"quantity\":7}").send();

        assertError(response, 428, "PRECONDITION_REQUIRED", REQUIRED);
        assertEquals(List.of(InMemoryInventory.set(2, 7)), inventory.commandsAskedAnonymously());
        inventory.assertStoreUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.1\"", "*"})
    void anUpdateWithIfMatchSucceeds(String ifMatch) {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().header("If-Match", ifMatch)
                .json("{\"quantity\":7}").send();

        assertJson(response, 200, "{\"petId\":2,\"quantity\":7,\"status\":\"sold\"}");
        assertHeader(response, "ETag", "\"2.2\"");
    }

    @Test
    void theBodyIsCheckedBeforeThePresenceOfIfMatch() {
        ApiResponse response = api.patch("/v1/inventory/2").authorized().json("{\"quantity\":-1}").send();

        assertError(response, 400, "VALIDATION_FAILED", "quantity must be an integer from 0 to 2147483647, got -1");
        inventory.assertUntouched();
    }

    @Test
    void thePresenceOfIfMatchIsCheckedBeforeTheStore() {
        ApiResponse response = api.patch("/v1/inventory/999").authorized().json("{\"quantity\":7}").send();

        assertError(response, 428, "PRECONDITION_REQUIRED", REQUIRED);
    }

    @Test
    void anAdjustmentWithoutIfMatchIs428AndChangesNothing() {
        ApiResponse response = api.request("POST", "/v1/inventory/2/adjustments").authorized().json("{\"delta\":1}")
                .send();

        assertError(response, 428, "PRECONDITION_REQUIRED", REQUIRED);
        assertEquals(ExpectedVersions.unconditional(), inventory.changesAsked().getFirst().expected());
        inventory.assertStoreUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"2.1\"", "*"})
    void anAdjustmentWithIfMatchSucceeds(String ifMatch) {
        ApiResponse response = api.request("POST", "/v1/inventory/2/adjustments").authorized()
                .header("If-Match", ifMatch).json("{\"delta\":1}").send();

        assertJson(response, 200, "{\"petId\":2,\"quantity\":1,\"status\":\"sold\"}");
        assertHeader(response, "ETag", "\"2.2\"");
    }

    @Test
    void anAdjustmentsBodyIsCheckedBeforeThePresenceOfIfMatchAndThatBeforeTheIdempotencyKey() {
        ApiClient.Request request = api.request("POST", "/v1/inventory/2/adjustments").authorized()
                .header("Idempotency-Key", "\"unclosed");

        assertError(request.json("{\"delta\":0}").send(), 400, "VALIDATION_FAILED",
                "delta must be a non-zero integer from -2147483647 to 2147483647, got 0");
        assertError(request.json("{\"delta\":1}").send(), 428, "PRECONDITION_REQUIRED", REQUIRED);
        assertEquals(1, inventory.commands().size(), "only the request with a valid body reached the use case");
        inventory.assertStoreUntouched();
    }

    @Test
    void aBatchIs428AfterItsBodyWasCheckedAndChangesNothing() {
        ApiClient.Request batch = api.request("POST", "/v1/inventory/changes").authorized();

        assertError(batch.json("{\"changes\":[]}").send(), 400, "VALIDATION_FAILED",
                "changes must hold 1 to 100 changes, got 0");
        assertError(batch.json("{\"changes\":[{\"petId\":2,\"delta\":1}]}").send(), 428, "PRECONDITION_REQUIRED",
                "This service accepts only conditional updates, and a batch's changes cannot carry If-Match: change "
                        + "each entry with If-Match instead (PATCH /v1/inventory/{petId} or POST "
                        + "/v1/inventory/{petId}/adjustments, with the entry's ETag)");
        assertEquals(1, inventory.commands().size(), "only the batch with a valid body reached the use case");
        inventory.assertStoreUntouched();
    }

    @Test
    void theKeyIsCheckedFirst() {
        assertError(api.patch("/v1/inventory/2").json("{\"quantity\":7}").send(), 401, "UNAUTHORIZED",
                "An API key is required: send the header 'Authorization: Bearer <API key>'");
    }

    @Test
    void readsNeedNoCondition() {
        assertJson(api.get("/v1/inventory/2").authorized().send(), 200,
                "{\"petId\":2,\"quantity\":0,\"status\":\"sold\"}");
    }
}
