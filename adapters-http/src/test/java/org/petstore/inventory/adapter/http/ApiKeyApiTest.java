package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.petstore.inventory.domain.access.KeySecret;

/**
 * The key API (experimental): create, list, read, revoke and rotate managed keys with a {@code keys:admin} key, and
 * {@code GET /v1/keys/self} with any. Statuses, exact JSON (a secret only where it is issued), and a 400 that names
 * the fix for every mistake.
 */
class ApiKeyApiTest extends HttpAdapterTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"(key-[0-9a-f]{12})\"");
    private static final Pattern SECRET = Pattern.compile("\"key\":\"(pst_[0-9A-Za-z]{49})\"");
    private static final String CREATE_SEND = "send {\"name\": \"till-3\", \"scopes\": [\"inventory:write\"]}, with "
            + "any of inventory:read, inventory:write, keys:admin, webhooks:admin, and optionally \"expiresAt\": "
            + "\"2027-06-01T00:00:00Z\" and \"quota\": {\"perSecond\": 50, \"burst\": 100}";
    /** The members of a key with the default quota of the tests ({@link InMemoryQuotas#DEFAULT}). */
    private static final String DEFAULT_QUOTA = ",\"quota\":{\"perSecond\":100,\"burst\":200,\"liveFeeds\":8},"
            + "\"quotaIsDefault\":true";
    private static final String ROTATE_SEND = "send {\"overlap\": \"PT24H\"}, how long the old secret keeps working, "
            + "from PT0S to P7D, or no body for PT0S";

    @Test
    void aCreatedKeyIs201WithItsAddressAndItsSecretOnce() {
        ApiResponse response = create("{\"name\":\"till-3\",\"scopes\":[\"inventory:write\"],"
                + "\"expiresAt\":\"2027-06-01T00:00:00Z\"}");

        String id = group(ID, response);
        String secret = group(SECRET, response);
        assertJson(response, 201, "{\"id\":\"" + id + "\",\"name\":\"till-3\",\"scopes\":[\"inventory:write\"],"
                + "\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":\"2027-06-01T00:00:00Z\"" + DEFAULT_QUOTA
                + ",\"key\":\"" + secret + "\"}");
        assertHeader(response, "Location", "/v1/keys/" + id);
        assertTrue(KeySecret.isWellFormed(secret), secret);
        assertJson(api.get("/v1/keys/" + id).authorized().send(), 200, "{\"id\":\"" + id + "\",\"name\":\"till-3\","
                + "\"scopes\":[\"inventory:write\"],\"createdAt\":\"2026-11-28T10:00:00Z\","
                + "\"expiresAt\":\"2027-06-01T00:00:00Z\",\"revokedAt\":null,\"lastUsedAt\":null" + DEFAULT_QUOTA + "}");
        assertEquals(200, api.patch("/v1/inventory/1").bearer(secret).json("{\"quantity\":5}").send().status());
    }

    @Test
    void aKeyWithoutExpiryHasNull() {
        ApiResponse response = create("{\"scopes\":[\"keys:admin\",\"inventory:read\"],\"name\":\"ops\"}");

        assertJson(response, 201, "{\"id\":\"" + group(ID, response) + "\",\"name\":\"ops\","
                + "\"scopes\":[\"inventory:read\",\"keys:admin\"],\"createdAt\":\"2026-11-28T10:00:00Z\","
                + "\"expiresAt\":null" + DEFAULT_QUOTA + ",\"key\":\"" + group(SECRET, response) + "\"}");
        assertEquals(201, create("{\"name\":\"ops-2\",\"scopes\":[\"inventory:read\"],\"expiresAt\":null}")
                .status());
    }

    @Test
    void theListHasEveryKeyRevokedOnesIncludedWithoutSecrets() {
        api.request("DELETE", "/v1/keys/" + keys.idOf("storefront")).authorized().send();
        api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send();
        keys.flushUses();

        ApiResponse response = api.get("/v1/keys").bearer(keys.secretOf("key-admin")).send();

        // oldest first, then by id: the seeded keys were all created at the same moment
        assertJson(response, 200, "{\"keys\":["
                + key("key-admin", "[\"keys:admin\"]", "null", "null") + ","
                + key("storefront", "[\"inventory:read\"]", "\"2026-11-28T10:00:00Z\"", "null") + ","
                + key("till-1", "[\"inventory:write\"]", "null", "\"2026-11-28T10:00:00Z\"") + ","
                + key("read-admin", "[\"inventory:read\",\"keys:admin\"]", "null", "null") + "]}");
        assertTrue(!response.body().contains("pst_"), response.body());
    }

    @Test
    void anUnknownKeyIs404() {
        for (String id : List.of("key-000000000000", "nothing", "x".repeat(100))) {
            assertError(api.get("/v1/keys/" + id).authorized().send(), 404, "NOT_FOUND",
                    "No API key has the id " + (id.length() > 64 ? id.substring(0, 64) + "..." : id));
            assertEquals(404, api.request("DELETE", "/v1/keys/" + id).authorized().send().status());
            assertEquals(404, api.request("POST", "/v1/keys/" + id + "/rotation").authorized().send().status());
        }
    }

    @Test
    void aRevokedKeyIs204AgainAndAgainAndIsRefusedAtOnce() {
        String id = keys.idOf("till-1");

        ApiResponse revoked = api.request("DELETE", "/v1/keys/" + id).bearer(keys.secretOf("key-admin")).send();
        ApiResponse again = api.request("DELETE", "/v1/keys/" + id).bearer(keys.secretOf("key-admin")).send();

        assertEquals(List.of(204, 204), List.of(revoked.status(), again.status()));
        assertEquals("", revoked.body());
        assertEquals(Instant.parse("2026-11-28T10:00:00Z"), keys.stored(id).revokedAt());
        assertEquals(401, api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send().status());
    }

    @Test
    void aRotationIssuesANewSecretAndEndsTheOldOneAtOnceByDefault() {
        String id = keys.idOf("till-1");
        String old = keys.secretOf("till-1");

        ApiResponse response = api.request("POST", "/v1/keys/" + id + "/rotation").authorized().send();

        String secret = group(SECRET, response);
        assertJson(response, 200, "{\"id\":\"" + id + "\",\"name\":\"till-1\",\"scopes\":[\"inventory:write\"],"
                + "\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":null" + DEFAULT_QUOTA + ",\"key\":\"" + secret + "\","
                + "\"previousKeyExpiresAt\":\"2026-11-28T10:00:00Z\"}");
        assertNotEquals(old, secret);
        assertEquals(401, api.get("/v1/inventory").bearer(old).send().status());
        assertEquals(200, api.get("/v1/inventory").bearer(secret).send().status());
    }

    @Test
    void aRotationWithAnOverlapKeepsTheOldSecretForIt() {
        String id = keys.idOf("till-1");

        ApiResponse response = api.request("POST", "/v1/keys/" + id + "/rotation").bearer(keys.secretOf("read-admin"))
                .json("{\"overlap\":\"PT24H\"}").send();

        assertEquals(403, response.status(), "read-admin does not hold inventory:write, which the key has");
        response = api.request("POST", "/v1/keys/" + id + "/rotation").authorized().json("{\"overlap\":\"PT24H\"}")
                .send();
        assertTrue(response.body().endsWith(",\"previousKeyExpiresAt\":\"2026-11-29T10:00:00Z\"}"), response.body());
        assertEquals(200, api.get("/v1/inventory").bearer(keys.secretOf("till-1")).send().status());
        assertEquals(200, api.get("/v1/inventory").bearer(group(SECRET, response)).send().status());
    }

    @Test
    void selfSaysWhichManagedKeyCalls() {
        for (String name : List.of("storefront", "key-admin")) {
            assertJson(api.get("/v1/keys/self").bearer(keys.secretOf(name)).send(), 200, "{\"id\":\""
                    + keys.idOf(name) + "\",\"kind\":\"managed\",\"name\":\"" + name + "\",\"scopes\":"
                    + (name.equals("storefront") ? "[\"inventory:read\"]" : "[\"keys:admin\"]")
                    + ",\"expiresAt\":null" + DEFAULT_QUOTA + "}");
        }
    }

    @Test
    void selfSaysAConfiguredKeyHoldsEveryScope() {
        ApiResponse response = api.get("/v1/keys/self").authorized().send();

        assertJson(response, 200, "{\"id\":\"" + group(ID, response) + "\",\"kind\":\"configured\",\"name\":null,"
                + "\"scopes\":[\"inventory:read\",\"inventory:write\",\"keys:admin\",\"webhooks:admin\"],"
                + "\"expiresAt\":null}");
    }

    @Test
    void selfShowsAnExpiry() {
        ApiResponse created = create("{\"name\":\"temp\",\"scopes\":[\"inventory:read\"],"
                + "\"expiresAt\":\"2026-12-24T18:00:00+01:00\"}");

        ApiResponse response = api.get("/v1/keys/self").bearer(group(SECRET, created)).send();

        assertJson(response, 200, "{\"id\":\"" + group(ID, created) + "\",\"kind\":\"managed\",\"name\":\"temp\","
                + "\"scopes\":[\"inventory:read\"],\"expiresAt\":\"2026-12-24T17:00:00Z\"" + DEFAULT_QUOTA + "}");
    }

    @Test
    void anAdministratorCannotGrantAScopeItDoesNotHold() {
        ApiResponse response = api.request("POST", "/v1/keys").bearer(keys.secretOf("key-admin"))
                .json("{\"name\":\"till-9\",\"scopes\":[\"inventory:write\"]}").send();

        assertError(response, 403, "INSUFFICIENT_SCOPE",
                "This API key holds keys:admin and cannot grant inventory:write: a key can only grant scopes it holds");
        assertEquals(4, keys.list().size());
        assertEquals(201, api.request("POST", "/v1/keys").bearer(keys.secretOf("key-admin"))
                .json("{\"name\":\"admin-2\",\"scopes\":[\"keys:admin\"]}").send().status());
    }

    @Test
    void theKeyApiNeedsKeysAdmin() {
        String path = "/v1/keys/" + keys.idOf("till-1");
        for (String[] request : List.of(new String[] {"GET", "/v1/keys"}, new String[] {"POST", "/v1/keys"},
                new String[] {"GET", path}, new String[] {"DELETE", path},
                new String[] {"POST", path + "/rotation"})) {
            ApiResponse response = api.request(request[0], request[1]).bearer(keys.secretOf("till-1"))
                    .json("{}").send();
            assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("till-1")
                    + ", \"till-1\") holds inventory:write: " + request[0] + " " + request[1] + " needs keys:admin");
            assertHeader(response, "WWW-Authenticate",
                    "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"keys:admin\"");
        }
        assertEquals(null, keys.stored(keys.idOf("till-1")).revokedAt());
    }

    @Test
    void theKeyApiNeedsAKey() {
        assertEquals(401, api.get("/v1/keys").send().status());
        assertEquals(401, api.get("/v1/keys/self").send().status());
    }

    static Stream<Arguments> refusedCreations() {
        return Stream.of(
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:delete\"]}",
                        "scopes: 'inventory:delete' is not a scope; the scopes are inventory:read, inventory:write, "
                                + "keys:admin, webhooks:admin"),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\",\"inventory:read\"]}",
                        "scopes: 'inventory:read' is named twice"),
                Arguments.of("{\"name\":\"x\",\"scopes\":[]}",
                        "scopes must name at least one scope: inventory:read, inventory:write, keys:admin, "
                                + "webhooks:admin"),
                Arguments.of("{\"name\":\"\",\"scopes\":[\"inventory:read\"]}",
                        "name must not be empty: say what the key is for, e.g. \"till-3\""),
                Arguments.of("{\"name\":\"storefront\",\"scopes\":[\"inventory:read\"]}",
                        "name 'storefront' is taken by " + "%s" + ": choose another name, or revoke that key first"),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\"],\"expiresAt\":\"2026-11-28T09:59:59Z\"}",
                        "expiresAt must lie in the future, got 2026-11-28T09:59:59Z (now is 2026-11-28T10:00:00Z); "
                                + "leave it out for a key that does not expire"),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\"],\"expiresAt\":\"next week\"}",
                        "expiresAt must be a date and time with its offset (RFC 3339), such as "
                                + "\"2027-06-01T00:00:00Z\", got \"next week\""),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\"],\"expiresAt\":1893456000}",
                        "expiresAt must be a date and time with its offset (RFC 3339), such as "
                                + "\"2027-06-01T00:00:00Z\", not a JSON number"),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\"],\"admin\":true}",
                        "Unknown member 'admin': the body accepts only name, scopes and, optionally, expiresAt and "
                                + "quota; "
                                + CREATE_SEND),
                Arguments.of("{\"name\":\"x\",\"name\":\"y\",\"scopes\":[\"inventory:read\"]}",
                        "name must be given once: " + CREATE_SEND),
                Arguments.of("{\"name\":3,\"scopes\":[\"inventory:read\"]}",
                        "name must be a JSON string, not a JSON number: " + CREATE_SEND),
                Arguments.of("{\"name\":\"x\",\"scopes\":\"inventory:read\"}",
                        "scopes must be a JSON array of strings, not a string: " + CREATE_SEND),
                Arguments.of("{\"name\":\"x\",\"scopes\":[\"inventory:read\",null]}",
                        "scopes[1] must be a JSON string, not null: " + CREATE_SEND),
                Arguments.of("{\"scopes\":[\"inventory:read\"]}", "name is required: " + CREATE_SEND),
                Arguments.of("{\"name\":\"x\"}", "scopes is required: " + CREATE_SEND),
                Arguments.of("[]", "The request body must be a JSON object: " + CREATE_SEND),
                Arguments.of("", "The request body is required: " + CREATE_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedCreations")
    void aMistakeInACreationIs400NamingTheFix(String body, String message) {
        ApiResponse response = create(body);

        assertError(response, 400, "VALIDATION_FAILED", message.formatted(keys.idOf("storefront")));
        assertEquals(4, keys.list().size());
    }

    @Test
    void aCreationThatIsNotJsonIs400MalformedJsonOr415() {
        assertError(create("{\"name\":"), 400, "MALFORMED_JSON",
                "The request body is not valid JSON (line 1, column 9): " + CREATE_SEND);
        assertEquals(415, api.request("POST", "/v1/keys").authorized()
                .withoutContentType("{\"name\":\"x\",\"scopes\":[\"inventory:read\"]}").send().status());
        assertEquals(415, api.request("POST", "/v1/keys").authorized()
                .body("text/plain", "{\"name\":\"x\",\"scopes\":[\"inventory:read\"]}").send().status());
    }

    static Stream<Arguments> refusedRotations() {
        return Stream.of(
                Arguments.of("{\"overlap\":\"P8D\"}",
                        "overlap must be from PT0S to P7D (an ISO-8601 duration such as PT24H), got PT192H"),
                Arguments.of("{\"overlap\":\"-PT1H\"}",
                        "overlap must be from PT0S to P7D (an ISO-8601 duration such as PT24H), got PT-1H"),
                Arguments.of("{\"overlap\":\"a day\"}",
                        "overlap must be an ISO-8601 duration from PT0S to P7D, such as PT24H, got 'a day'"),
                Arguments.of("{\"overlap\":86400}", "overlap must be a JSON string, not a JSON number: " + ROTATE_SEND),
                Arguments.of("{\"overlap\":\"PT1H\",\"at\":\"now\"}",
                        "Unknown member 'at': the body accepts only overlap; " + ROTATE_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedRotations")
    void aMistakeInARotationIs400NamingTheFix(String body, String message) {
        String old = keys.secretOf("till-1");

        ApiResponse response = api.request("POST", "/v1/keys/" + keys.idOf("till-1") + "/rotation").authorized()
                .json(body).send();

        assertError(response, 400, "VALIDATION_FAILED", message);
        assertEquals(200, api.get("/v1/inventory").bearer(old).send().status(), "the key keeps its secret");
    }

    @Test
    void aRevokedKeyCannotBeRotated() {
        String id = keys.idOf("till-1");
        api.request("DELETE", "/v1/keys/" + id).authorized().send();

        assertError(api.request("POST", "/v1/keys/" + id + "/rotation").authorized().send(), 400,
                "VALIDATION_FAILED", "key " + id + " was revoked at 2026-11-28T10:00:00Z and cannot be rotated: "
                        + "create a new key");
    }

    private ApiResponse create(String body) {
        return api.request("POST", "/v1/keys").authorized().json(body).send();
    }

    private String key(String name, String scopes, String revokedAt, String lastUsedAt) {
        return "{\"id\":\"" + keys.idOf(name) + "\",\"name\":\"" + name + "\",\"scopes\":" + scopes
                + ",\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":null,\"revokedAt\":" + revokedAt
                + ",\"lastUsedAt\":" + lastUsedAt + DEFAULT_QUOTA + "}";
    }

    private static String group(Pattern pattern, ApiResponse response) {
        Matcher matcher = pattern.matcher(response.body());
        assertTrue(matcher.find(), () -> pattern + " in " + response);
        return matcher.group(1);
    }
}
