package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a key may do is what its scopes allow: {@code inventory:read} the reads, {@code inventory:write} the changes
 * and the reads, {@code keys:admin} the key API and nothing else; a configured key everything. A key without the
 * route's scope is 403 {@code INSUFFICIENT_SCOPE} with the RFC 6750 challenge, before the body is read, and nothing
 * changes.
 */
class ScopesTest extends HttpAdapterTest {

    private static final String ENTRY_1 = "{\"petId\":1,\"quantity\":12,\"status\":\"available\"}";

    /** Every route that reads the store, each with a path that answers 200. */
    static Stream<String> reads() {
        return Stream.of("/v1/inventory", "/v1/inventory/1", "/v1/inventory/1/changes",
                "/v1/inventory/changes?after=0", "/v1/pets/1", "/v1/store/orders");
    }

    /** Every route that changes stock, with a body it would accept. */
    static Stream<Arguments> writes() {
        return Stream.of(
                Arguments.of("PATCH", "/v1/inventory/1", "{\"quantity\":5}"),
                Arguments.of("POST", "/v1/inventory/1/adjustments", "{\"delta\":-2}"),
                Arguments.of("POST", "/v1/inventory/changes", "{\"changes\":[{\"petId\":1,\"delta\":-2}]}"));
    }

    @ParameterizedTest
    @MethodSource("reads")
    void aReadOnlyKeyReadsTheStore(String path) {
        assertEquals(200, api.get(path).bearer(keys.secretOf("storefront")).send().status(), path);
    }

    @ParameterizedTest
    @MethodSource("reads")
    void aWritingKeyReadsTheStoreToo(String path) {
        assertEquals(200, api.get(path).bearer(keys.secretOf("till-1")).send().status(), path);
    }

    @ParameterizedTest
    @MethodSource("writes")
    void aReadOnlyKeyMayNotChangeStock(String method, String path, String body) {
        ApiResponse response = api.request(method, path).bearer(keys.secretOf("storefront")).json(body).send();

        assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("storefront")
                + ", \"storefront\") holds inventory:read: " + method + " " + path + " needs inventory:write");
        assertHeader(response, "WWW-Authenticate",
                "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"inventory:write\"");
        inventory.assertUntouched();
        assertJson(api.get("/v1/inventory/1").authorized().send(), 200, ENTRY_1);
    }

    @ParameterizedTest
    @MethodSource("writes")
    void aWritingKeyChangesStock(String method, String path, String body) {
        assertEquals(200, api.request(method, path).bearer(keys.secretOf("till-1")).json(body).send().status());
        assertEquals(1, inventory.commands().size());
    }

    @Test
    void theScopeIsCheckedBeforeTheBodyIsRead() {
        ApiResponse response = api.patch("/v1/inventory/1").bearer(keys.secretOf("storefront"))
                .json("{\"quantity\":").send();

        assertEquals(403, response.status(), response::toString);
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @MethodSource("reads")
    void aKeyAdministratorsKeyMayNotReadTheStore(String path) {
        ApiResponse response = api.get(path).bearer(keys.secretOf("key-admin")).send();

        assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("key-admin")
                + ", \"key-admin\") holds keys:admin: GET " + path.replaceFirst("\\?.*", "")
                + " needs inventory:read");
        assertHeader(response, "WWW-Authenticate",
                "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"inventory:read\"");
    }

    @Test
    void theMessageNamesEveryScopeTheKeyHolds() {
        ApiResponse response = api.patch("/v1/inventory/1").bearer(keys.secretOf("read-admin"))
                .json("{\"quantity\":5}").send();

        assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("read-admin")
                + ", \"read-admin\") holds inventory:read, keys:admin: PATCH /v1/inventory/1 needs inventory:write");
    }

    @Test
    void theLiveFeedNeedsInventoryReadToo() {
        ApiResponse response = api.get("/v1/inventory/changes").bearer(keys.secretOf("key-admin"))
                .header("Accept", "text/event-stream").send();

        assertEquals(403, response.status(), response::toString);
        assertHeader(response, "WWW-Authenticate",
                "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"inventory:read\"");
    }

    @Test
    void aLongPathIsEchoedCutShort() {
        ApiResponse response = api.get("/v1/pets/" + "1".repeat(250)).bearer(keys.secretOf("key-admin")).send();

        assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("key-admin")
                + ", \"key-admin\") holds keys:admin: GET /v1/pets/" + "1".repeat(191) + "... needs inventory:read");
    }

    @Test
    void aConfiguredKeyHoldsEveryScope() {
        assertAll(
                () -> assertJson(api.get("/v1/inventory/1").authorized().send(), 200, ENTRY_1),
                () -> assertEquals(200, api.patch("/v1/inventory/1").bearer(ApiClient.ROTATED_KEY)
                        .json("{\"quantity\":5}").send().status()),
                () -> assertEquals(200, api.get("/v1/keys").authorized().send().status()),
                () -> assertEquals(201, api.request("POST", "/v1/keys").authorized()
                        .json("{\"name\":\"dashboard\",\"scopes\":[\"inventory:read\"]}").send().status()));
    }

    @Test
    void aSensitiveManagementEndpointNeedsInventoryRead() {
        ApiResponse refused = api.get("/beans").bearer(keys.secretOf("key-admin")).send();

        assertError(refused, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("key-admin")
                + ", \"key-admin\") holds keys:admin: GET /beans needs inventory:read");
        assertHeader(refused, "WWW-Authenticate",
                "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"inventory:read\"");
        assertEquals(200, api.get("/beans").bearer(keys.secretOf("storefront")).send().status());
        assertEquals(200, api.get("/beans").authorized().send().status());
        assertEquals(401, api.get("/beans").send().status());
    }

    @Test
    void healthAndTheDocumentationNeedNoKeyAndTakeAnyKey() {
        for (String path : List.of("/health", "/v1/openapi.yml", "/v1/openapi.json")) {
            assertEquals(200, api.get(path).send().status(), path);
            assertEquals(200, api.get(path).bearer(keys.secretOf("key-admin")).send().status(), path);
        }
        assertEquals(303, api.get("/").send().status());
    }

    @Test
    void anUnknownRouteOrMethodIs404Or405WithAnyValidKey() {
        String key = keys.secretOf("key-admin");

        assertError(api.get("/v1/nothing-here").bearer(key).send(), 404, "NOT_FOUND", "No resource at /v1/nothing-here");
        ApiResponse wrongMethod = api.request("DELETE", "/v1/inventory/1").bearer(key).send();
        assertEquals(405, wrongMethod.status(), wrongMethod::toString);
        assertEquals(404, api.get("/token_info").authorized().send().status(), "micronaut-security's introspection");
    }
}
