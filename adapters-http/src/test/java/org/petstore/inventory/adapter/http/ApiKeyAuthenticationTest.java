package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Authorization: Bearer <API key>} on every operation: 401 with the {@code Error} body and an RFC 6750
 * challenge when the key is missing or wrong, checked before anything else about the request.
 */
class ApiKeyAuthenticationTest extends HttpAdapterTest {

    private static final String KEY_REQUIRED =
            "An API key is required: send the header 'Authorization: Bearer <API key>'";
    private static final String KEY_NOT_VALID = "The API key is not valid";
    private static final String CHALLENGE = "Bearer realm=\"petstore\"";
    private static final String INVALID_TOKEN_CHALLENGE = "Bearer realm=\"petstore\", error=\"invalid_token\"";

    @Test
    void listWithoutKeyIs401WithTheRealmChallenge() {
        assertUnauthorized(api.get("/v1/inventory").send(), KEY_REQUIRED, CHALLENGE);
    }

    @Test
    void updateWithoutKeyIs401AndChangesNothing() {
        assertUnauthorized(api.patch("/v1/inventory/1").json("{\"quantity\":5}").send(), KEY_REQUIRED, CHALLENGE);
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"wrong-key", "test-key-", "test-key-1x", "TEST-KEY-1", "test-key-1,test-key-2"})
    void wrongKeyIs401WithTheInvalidTokenChallenge(String key) {
        assertUnauthorized(api.get("/v1/inventory").bearer(key).send(), KEY_NOT_VALID, INVALID_TOKEN_CHALLENGE);
    }

    @Test
    void updateWithWrongKeyIs401AndChangesNothing() {
        ApiResponse response = api.patch("/v1/inventory/1").bearer("wrong-key").json("{\"quantity\":5}").send();

        assertUnauthorized(response, KEY_NOT_VALID, INVALID_TOKEN_CHALLENGE);
        inventory.assertUntouched();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Basic dGVzdC1rZXktMTo=", "test-key-1", "Token test-key-1"})
    void aKeyNotSentAsBearerTokenIs401SayingWhichSchemeToUse(String authorization) {
        ApiResponse response = api.get("/v1/inventory").header("Authorization", authorization).send();

        assertUnauthorized(response, "The Authorization header does not use the Bearer scheme: send the API key as "
                + "'Authorization: Bearer <API key>'", CHALLENGE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer", "bearer", "BEARER", "bEaReR"})
    void theSchemeNameIsCaseInsensitive(String scheme) {
        ApiResponse response = api.get("/v1/inventory").header("Authorization", scheme + " " + ApiClient.KEY).send();

        assertEquals(200, response.status(), response::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {ApiClient.KEY, ApiClient.ROTATED_KEY})
    void everyConfiguredKeyIsAccepted(String key) {
        ApiResponse response = api.patch("/v1/inventory/1").bearer(key).json("{\"quantity\":5}").send();

        assertEquals(200, response.status(), response::toString);
    }

    @Test
    void theKeyIsCheckedBeforeTheBody() {
        ApiResponse response = api.patch("/v1/inventory/1").bearer("wrong-key").json("{\"quantity\":").send();

        assertUnauthorized(response, KEY_NOT_VALID, INVALID_TOKEN_CHALLENGE);
        inventory.assertUntouched();
    }

    @Test
    void theKeyIsCheckedBeforeThePetId() {
        ApiResponse response = api.patch("/v1/inventory/abc").json("{\"quantity\":5}").send();

        assertUnauthorized(response, KEY_REQUIRED, CHALLENGE);
        inventory.assertUntouched();
    }

    @Test
    void aBrowserWithoutKeyGets401JsonAndNoRedirect() {
        ApiResponse response = api.get("/v1/inventory").header("Accept", "text/html").send();

        assertUnauthorized(response, KEY_REQUIRED, CHALLENGE);
        assertEquals(List.of(), response.header("Location"));
    }

    private static void assertUnauthorized(ApiResponse response, String message, String challenge) {
        assertError(response, 401, "UNAUTHORIZED", message);
        assertHeader(response, "WWW-Authenticate", challenge);
    }
}
