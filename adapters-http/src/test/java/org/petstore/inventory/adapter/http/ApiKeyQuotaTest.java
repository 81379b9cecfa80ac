package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.petstore.inventory.domain.quota.Quota;

/**
 * A managed key's quota in the key API (experimental): given on {@code POST /v1/keys}, changed or given back to the
 * default by {@code PATCH /v1/keys/{id}}, and shown as the quota that applies (with whether it is the default) in
 * every key response, left out for a key without its own quota when quotas are off (no default). Statuses, exact JSON, what the store keeps, and a 400 that names
 * the fix for every mistake.
 */
class ApiKeyQuotaTest extends HttpAdapterTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"(key-[0-9a-f]{12})\"");
    private static final Pattern SECRET = Pattern.compile("\"key\":\"(pst_[0-9A-Za-z]{49})\"");
    private static final String QUOTA_SEND = "send \"quota\": {\"perSecond\": <1 to 1000000>, \"burst\": <1 to "
            + "10000000, left out: twice perSecond>, \"liveFeeds\": <1 to 1000, left out: 8>}, or null for the "
            + "service's default";
    private static final String UPDATE_SEND = "send {\"quota\": {\"perSecond\": 50, \"burst\": 100, \"liveFeeds\": "
            + "8}} (burst left out: twice perSecond; liveFeeds left out: 8), or {\"quota\": null} for the service's "
            + "default";
    private static final String DEFAULT_QUOTA = "\"quota\":{\"perSecond\":100,\"burst\":200,\"liveFeeds\":8},"
            + "\"quotaIsDefault\":true";

    @Test
    void aKeyCreatedWithAQuotaHasItAndShowsIt() {
        ApiResponse response = create("{\"name\":\"till-3\",\"scopes\":[\"inventory:write\"],"
                + "\"quota\":{\"perSecond\":50,\"burst\":120,\"liveFeeds\":4}}");

        String id = group(ID, response);
        assertJson(response, 201, "{\"id\":\"" + id + "\",\"name\":\"till-3\",\"scopes\":[\"inventory:write\"],"
                + "\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":null,"
                + "\"quota\":{\"perSecond\":50,\"burst\":120,\"liveFeeds\":4},\"quotaIsDefault\":false,"
                + "\"key\":\"" + group(SECRET, response) + "\"}");
        assertEquals(new Quota(50, 120, 4), keys.stored(id).quota());
        assertJson(api.get("/v1/keys/" + id).authorized().send(), 200, key(id, "till-3", "[\"inventory:write\"]",
                "\"quota\":{\"perSecond\":50,\"burst\":120,\"liveFeeds\":4},\"quotaIsDefault\":false"));
        assertJson(api.get("/v1/keys/self").bearer(group(SECRET, response)).send(), 200, "{\"id\":\"" + id + "\","
                + "\"kind\":\"managed\",\"name\":\"till-3\",\"scopes\":[\"inventory:write\"],\"expiresAt\":null,"
                + "\"quota\":{\"perSecond\":50,\"burst\":120,\"liveFeeds\":4},\"quotaIsDefault\":false}");
    }

    @Test
    void aQuotaWithoutBurstAndLiveFeedsHasTwiceTheRateAndEightFeeds() {
        ApiResponse response = create("{\"name\":\"till-3\",\"scopes\":[\"inventory:read\"],"
                + "\"quota\":{\"perSecond\":50}}");

        assertEquals(201, response.status(), response.toString());
        assertTrue(response.body().contains(",\"quota\":{\"perSecond\":50,\"burst\":100,\"liveFeeds\":8},"
                + "\"quotaIsDefault\":false,"), response.body());
        assertEquals(new Quota(50, 100, 8), keys.stored(group(ID, response)).quota());
    }

    @Test
    void aKeyCreatedWithoutAQuotaOrWithNullHasTheDefault() {
        for (String quota : new String[] {"", ",\"quota\":null"}) {
            ApiResponse response = create("{\"name\":\"till-" + quota.length() + "\",\"scopes\":[\"inventory:read\"]"
                    + quota + "}");

            assertEquals(201, response.status(), response.toString());
            assertTrue(response.body().contains(",\"expiresAt\":null," + DEFAULT_QUOTA + ",\"key\":"),
                    response.body());
            assertEquals(null, keys.stored(group(ID, response)).quota());
        }
    }

    static Stream<Arguments> refusedQuotas() {
        return Stream.of(
                Arguments.of("{\"perSecond\":0}", "quota: perSecond must be from 1 to 1000000, got 0"),
                Arguments.of("{\"perSecond\":1000001}", "quota: perSecond must be from 1 to 1000000, got 1000001"),
                Arguments.of("{\"perSecond\":99999999999999999999}",
                        "quota: perSecond must be from 1 to 1000000, got 99999999999999999999"),
                Arguments.of("{\"perSecond\":50,\"burst\":0}", "quota: burst must be from 1 to 10000000, got 0"),
                Arguments.of("{\"perSecond\":50,\"liveFeeds\":1001}",
                        "quota: liveFeeds must be from 1 to 1000, got 1001"),
                Arguments.of("{\"perSecond\":-5,\"liveFeeds\":0}",
                        "quota: perSecond must be from 1 to 1000000, got -5"),
                Arguments.of("{\"burst\":100}", "quota: perSecond is required: " + QUOTA_SEND),
                Arguments.of("{\"perSecond\":\"50\"}",
                        "quota: perSecond must be a JSON number, not a string: " + QUOTA_SEND),
                Arguments.of("{\"perSecond\":null}", "quota: perSecond must not be null: " + QUOTA_SEND),
                Arguments.of("{\"perSecond\":50,\"burst\":1.5}",
                        "quota: burst must be a whole number, got 1.5: " + QUOTA_SEND),
                Arguments.of("{\"perSecond\":50,\"rate\":\"fast\"}", "quota: Unknown member 'rate': the quota "
                        + "accepts only perSecond and, optionally, burst and liveFeeds; " + QUOTA_SEND),
                Arguments.of("{\"perSecond\":50,\"perSecond\":60}", "quota: perSecond must be given once: "
                        + QUOTA_SEND),
                Arguments.of("\"50/s burst 100\"", "quota: the quota must be a JSON object: " + QUOTA_SEND),
                Arguments.of("[50]", "quota: the quota must be a JSON object: " + QUOTA_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedQuotas")
    void aMistakeInTheQuotaOfACreationIs400NamingTheFixAndCreatesNothing(String quota, String message) {
        ApiResponse response = create("{\"name\":\"till-3\",\"scopes\":[\"inventory:read\"],\"quota\":" + quota + "}");

        assertError(response, 400, "VALIDATION_FAILED", message);
        assertEquals(4, keys.list().size());
    }

    @ParameterizedTest
    @MethodSource("refusedQuotas")
    void aMistakeInTheQuotaOfAnUpdateIs400NamingTheFixAndChangesNothing(String quota, String message) {
        String id = keys.idOf("till-1");

        ApiResponse response = update(id, "{\"quota\":" + quota + "}");

        assertError(response, 400, "VALIDATION_FAILED", message);
        assertEquals(null, keys.stored(id).quota());
    }

    @Test
    void anUpdateGivesTheKeyItsQuotaAndNullGivesItTheDefaultBack() {
        String id = keys.idOf("till-1");

        ApiResponse set = update(id, "{\"quota\":{\"perSecond\":20,\"burst\":25,\"liveFeeds\":2}}");

        String own = "\"quota\":{\"perSecond\":20,\"burst\":25,\"liveFeeds\":2},\"quotaIsDefault\":false";
        assertJson(set, 200, key(id, "till-1", "[\"inventory:write\"]", own));
        assertEquals(new Quota(20, 25, 2), keys.stored(id).quota());
        assertJson(api.get("/v1/keys/" + id).authorized().send(), 200, key(id, "till-1", "[\"inventory:write\"]",
                own));
        assertTrue(api.get("/v1/keys").authorized().send().body().contains(key(id, "till-1",
                "[\"inventory:write\"]", own)));
        assertTrue(api.request("POST", "/v1/keys/" + id + "/rotation").authorized().send().body()
                .contains(",\"expiresAt\":null," + own + ",\"key\":\"pst_"));

        ApiResponse cleared = update(id, "{\"quota\":null}");

        assertJson(cleared, 200, key(id, "till-1", "[\"inventory:write\"]", DEFAULT_QUOTA));
        assertEquals(null, keys.stored(id).quota());
        assertJson(api.get("/v1/keys/" + id).authorized().send(), 200, key(id, "till-1", "[\"inventory:write\"]",
                DEFAULT_QUOTA));
    }

    @Test
    void anUpdateAcceptsOnlyTheQuota() {
        String id = keys.idOf("till-1");

        assertError(update(id, "{\"quota\":null,\"name\":\"till-9\"}"), 400, "VALIDATION_FAILED",
                "Unknown member 'name': the body accepts only quota; " + UPDATE_SEND);
        assertError(update(id, "{}"), 400, "VALIDATION_FAILED", "quota is required: " + UPDATE_SEND);
        assertError(update(id, ""), 400, "VALIDATION_FAILED", "The request body is required: " + UPDATE_SEND);
        assertError(update(id, "{\"quota\":"), 400, "MALFORMED_JSON",
                "The request body is not valid JSON (line 1, column 10): " + UPDATE_SEND);
        assertEquals(415, api.request("PATCH", "/v1/keys/" + id).authorized()
                .body("text/plain", "{\"quota\":null}").send().status());
        assertEquals("till-1", keys.stored(id).name().value());
        assertEquals(null, keys.stored(id).quota());
    }

    @Test
    void anUpdateOfAnUnknownKeyIs404() {
        assertError(update("key-000000000000", "{\"quota\":{\"perSecond\":5}}"), 404, "NOT_FOUND",
                "No API key has the id key-000000000000");
        assertError(update("nothing", "{\"quota\":null}"), 404, "NOT_FOUND", "No API key has the id nothing");
    }

    @Test
    void anUpdateNeedsKeysAdmin() {
        String id = keys.idOf("storefront");

        ApiResponse response = api.request("PATCH", "/v1/keys/" + id).bearer(keys.secretOf("till-1"))
                .json("{\"quota\":{\"perSecond\":100000}}").send();

        assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf("till-1")
                + ", \"till-1\") holds inventory:write: PATCH /v1/keys/" + id + " needs keys:admin");
        assertHeader(response, "WWW-Authenticate",
                "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"keys:admin\"");
        assertEquals(null, keys.stored(id).quota());
        assertEquals(401, api.request("PATCH", "/v1/keys/" + id).json("{\"quota\":null}").send().status());
        assertEquals(200, api.request("PATCH", "/v1/keys/" + id).bearer(keys.secretOf("key-admin"))
                .json("{\"quota\":{\"perSecond\":7}}").send().status(), "keys:admin is enough");
        assertEquals(new Quota(7, 14, 8), keys.stored(id).quota());
    }

    @Test
    void withQuotasOffOnlyAKeyWithItsOwnQuotaShowsOne() {
        quotas.off();
        String id = keys.idOf("till-1");

        assertJson(api.get("/v1/keys/" + id).authorized().send(), 200, key(id, "till-1", "[\"inventory:write\"]",
                null));
        ApiResponse created = create("{\"name\":\"till-3\",\"scopes\":[\"inventory:read\"]}");
        assertJson(created, 201, "{\"id\":\"" + group(ID, created) + "\",\"name\":\"till-3\","
                + "\"scopes\":[\"inventory:read\"],\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":null,"
                + "\"key\":\"" + group(SECRET, created) + "\"}");
        assertJson(api.get("/v1/keys/self").bearer(keys.secretOf("till-1")).send(), 200, "{\"id\":\"" + id + "\","
                + "\"kind\":\"managed\",\"name\":\"till-1\",\"scopes\":[\"inventory:write\"],\"expiresAt\":null}");
        assertTrue(!api.get("/v1/keys").authorized().send().body().contains("quota"));

        // the setting turns off the default; a key given its own quota is held to it
        ApiResponse set = update(id, "{\"quota\":{\"perSecond\":20}}");

        assertJson(set, 200, key(id, "till-1", "[\"inventory:write\"]",
                "\"quota\":{\"perSecond\":20,\"burst\":40,\"liveFeeds\":8},\"quotaIsDefault\":false"));
        assertEquals(new Quota(20, 40, 8), keys.stored(id).quota());
        assertJson(update(id, "{\"quota\":null}"), 200, key(id, "till-1", "[\"inventory:write\"]", null));
        assertEquals(null, keys.stored(id).quota());
    }

    private ApiResponse create(String body) {
        return api.request("POST", "/v1/keys").authorized().json(body).send();
    }

    private ApiResponse update(String id, String body) {
        return api.request("PATCH", "/v1/keys/" + id).authorized().json(body).send();
    }

    /** A seeded key never used or revoked, with these quota members (null: none). */
    private static String key(String id, String name, String scopes, String quota) {
        return "{\"id\":\"" + id + "\",\"name\":\"" + name + "\",\"scopes\":" + scopes
                + ",\"createdAt\":\"2026-11-28T10:00:00Z\",\"expiresAt\":null,\"revokedAt\":null,\"lastUsedAt\":null"
                + (quota == null ? "" : "," + quota) + "}";
    }

    private static String group(Pattern pattern, ApiResponse response) {
        Matcher matcher = pattern.matcher(response.body());
        assertTrue(matcher.find(), () -> pattern + " in " + response);
        return matcher.group(1);
    }
}
