package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The webhook API (experimental): create, list, read, change, delete, rotate, replay, test and read the delivery log
 * with a {@code webhooks:admin} key, the use cases faked by {@link InMemoryWebhooks}. Statuses, exact JSON (a secret
 * only where it is issued, never a receiver's answer), and a 400 that names the fix for every mistake.
 */
class WebhookApiTest extends HttpAdapterTest {

    private static final Pattern ID = Pattern.compile("\"id\":\"(whk-[0-9a-f]{12})\"");
    private static final Pattern SECRET = Pattern.compile("\"secret\":\"(whsec_[A-Za-z0-9+/]{43}=)\"");
    private static final String URL = "https://shop.example.com/hooks/stock";
    private static final String CREATE_SEND = "send {\"url\": \"https://shop.example.com/hooks/stock\", \"events\": "
            + "[\"inventory.count.updated\"]}, with any of inventory.count.updated, and optionally \"description\": "
            + "\"stock to the web shop\"";
    private static final String UPDATE_SEND = "send one or more of \"url\": \"https://shop.example.com/hooks/stock\", "
            + "\"events\": [\"inventory.count.updated\"], \"description\": \"stock to the web shop\" (null or \"\" "
            + "removes it) and \"enabled\": true or false, e.g. {\"enabled\": true}";
    private static final String REPLAY_SEND = "send {\"after\": <changeId>}: every change after it is delivered "
            + "again, in order (0: from the first change kept)";
    private static final String FIX = "webhooks go only to public addresses: use a host with public addresses, or "
            + "admit its network with PETSTORE_WEBHOOK_ALLOWED_NETWORKS";

    /** The webhooks a test puts in the store as if created earlier, with when. */
    private static final Map<String, String> CREATED = Map.of("whk-00000000000a", "2026-11-01T08:00:00Z");

    @Inject
    InMemoryWebhooks webhooks;

    @BeforeEach
    void noWebhooks() {
        webhooks.reset();
    }

    @Test
    void aCreatedWebhookIs201WithItsAddressAndItsSecretOnce() {
        ApiResponse response = create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"],"
                + "\"description\":\"stock to the web shop\"}");

        String id = group(ID, response);
        String secret = group(SECRET, response);
        assertJson(response, 201, "{\"id\":\"" + id + "\",\"url\":\"" + URL + "\","
                + "\"events\":[\"inventory.count.updated\"],\"description\":\"stock to the web shop\",\"enabled\":true,"
                + "\"createdAt\":\"2026-11-28T10:00:00Z\",\"secret\":\"" + secret + "\"}");
        assertHeader(response, "Location", "/v1/webhooks/" + id);
        assertEquals(32, WebhookSecret.parse(secret).key().length);
        ApiResponse read = api.get("/v1/webhooks/" + id).authorized().send();
        assertJson(read, 200, webhook(id, URL, "\"stock to the web shop\"", true, "null", 1200, "null", "null"));
        ApiResponse list = api.get("/v1/webhooks").authorized().send();
        assertJson(list, 200, "{\"webhooks\":[" + read.body() + "]}");
        assertFalse(read.body().contains("whsec_") || list.body().contains("whsec_"), list.body());
    }

    @Test
    void aWebhookWithoutADescriptionHasNull() {
        for (String description : List.of("", ",\"description\":null", ",\"description\":\"  \"")) {
            ApiResponse response = create("{\"events\":[\"inventory.count.updated\"],\"url\":\"https://erp.example.com"
                    + "/in?shop=3\"" + description + "}");

            assertJson(response, 201, "{\"id\":\"" + group(ID, response) + "\",\"url\":\"https://erp.example.com/in"
                    + "?shop=3\",\"events\":[\"inventory.count.updated\"],\"description\":null,\"enabled\":true,"
                    + "\"createdAt\":\"2026-11-28T10:00:00Z\",\"secret\":\"" + group(SECRET, response) + "\"}");
        }
    }

    @Test
    void theListIsOldestFirstWithEachWebhooksStateAndLastFailure() {
        WebhookId older = new WebhookId("whk-00000000000a");
        webhooks.put(new Webhook(older, WebhookUrl.parse("https://erp.example.com/in"),
                EnumSet.of(EventType.INVENTORY_COUNT_UPDATED), null, false, "receiver answered 410 Gone",
                Instant.parse(CREATED.get(older.value())), 977, Instant.parse("2026-11-27T23:59:59.5Z"), "410"));
        String newer = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));

        ApiResponse response = api.get("/v1/webhooks").authorized().send();

        assertJson(response, 200, "{\"webhooks\":["
                + webhook(older.value(), "https://erp.example.com/in", "null", false, "\"receiver answered 410 Gone\"",
                        977, "\"2026-11-27T23:59:59.500Z\"", "\"410\"") + ","
                + webhook(newer, URL, "null", true, "null", 1200, "null", "null") + "]}");
    }

    @Test
    void noWebhooksIsAnEmptyList() {
        assertJson(api.get("/v1/webhooks").authorized().send(), 200, "{\"webhooks\":[]}");
    }

    @Test
    void anUnknownOrMalformedIdIs404OnEveryRoute() {
        for (String id : List.of("whk-000000000000", "nothing", "WHK-00000000000A", "x".repeat(100))) {
            String quoted = "'" + (id.length() > 64 ? id.substring(0, 64) + "..." : id) + "'";
            String path = "/v1/webhooks/" + id;
            for (ApiResponse response : List.of(api.get(path).authorized().send(),
                    api.patch(path).authorized().json("{\"enabled\":true}").send(),
                    api.request("DELETE", path).authorized().send(),
                    api.request("POST", path + "/secret-rotation").authorized().send(),
                    api.get(path + "/deliveries").authorized().send(),
                    api.request("POST", path + "/replay").authorized().json("{\"after\":0}").send(),
                    api.request("POST", path + "/test").authorized().send())) {
                assertError(response, 404, "NOT_FOUND",
                        "No webhook has the id " + quoted + ": list the webhooks to see their ids");
            }
        }
        assertEquals(0, webhooks.testsSent());
    }

    @Test
    void aPatchChangesWhatItNamesAndLeavesTheRest() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"],"
                + "\"description\":\"stock to the web shop\"}"));
        String path = "/v1/webhooks/" + id;

        assertJson(api.patch(path).authorized().json("{\"enabled\":false}").send(), 200,
                webhook(id, URL, "\"stock to the web shop\"", false, "null", 1200, "null", "null"));
        assertJson(api.patch(path).authorized().json("{\"url\":\"https://erp.example.com/in\",\"description\":null}")
                .send(), 200, webhook(id, "https://erp.example.com/in", "null", false, "null", 1200, "null", "null"));
        assertJson(api.patch(path).authorized().json("{\"description\":\"to the ERP\",\"enabled\":true,"
                + "\"events\":[\"inventory.count.updated\"]}").send(), 200,
                webhook(id, "https://erp.example.com/in", "\"to the ERP\"", true, "null", 1200, "null", "null"));
        assertJson(api.patch(path).authorized().json("{\"description\":\"\"}").send(), 200,
                webhook(id, "https://erp.example.com/in", "null", true, "null", 1200, "null", "null"));
    }

    @Test
    void reEnablingAWebhookWhoseCursorExpiredIs410AndChangesNothing() {
        WebhookId id = new WebhookId("whk-00000000000b");
        webhooks.put(new Webhook(id, WebhookUrl.parse(URL), EnumSet.of(EventType.INVENTORY_COUNT_UPDATED), null,
                false, "retries exhausted", Instant.parse("2026-11-01T08:00:00Z"), 10, null, null));
        webhooks.removeChangesThrough(500);

        ApiResponse response = api.patch("/v1/webhooks/" + id).authorized().json("{\"enabled\":true}").send();

        assertError(response, 410, "CURSOR_EXPIRED", "Changes after 10 up to 500 are no longer kept: read the list "
                + "again (GET /v1/inventory), then follow the changes after 1200");
        assertFalse(webhooks.find(id).enabled());
    }

    @Test
    void aDeletedWebhookIs204AndThenGone() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));

        ApiResponse deleted = api.request("DELETE", "/v1/webhooks/" + id).authorized().send();

        assertEquals(204, deleted.status(), deleted.toString());
        assertEquals("", deleted.body());
        assertEquals(404, api.get("/v1/webhooks/" + id).authorized().send().status());
        assertEquals(404, api.request("DELETE", "/v1/webhooks/" + id).authorized().send().status());
        assertEquals(List.of(), webhooks.list());
    }

    @Test
    void aRotationShowsTheNewSecretOnceAndWhenThePreviousStops() {
        ApiResponse created = create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}");
        String id = group(ID, created);

        ApiResponse response = api.request("POST", "/v1/webhooks/" + id + "/secret-rotation").authorized().send();

        String secret = group(SECRET, response);
        assertJson(response, 200, "{\"secret\":\"" + secret + "\","
                + "\"previousSecretValidUntil\":\"2026-11-29T10:00:00Z\"}");
        assertNotEquals(group(SECRET, created), secret);
        assertFalse(api.get("/v1/webhooks/" + id).authorized().send().body().contains("whsec_"));
    }

    @Test
    void theDeliveryLogIsNewestFirstPagedByLinkAndShowsNoAnswer() {
        WebhookId id = WebhookId.parse(group(ID, create("{\"url\":\"" + URL + "\","
                + "\"events\":[\"inventory.count.updated\"]}")));
        WebhookId other = WebhookId.parse(group(ID, create("{\"url\":\"https://erp.example.com/in\","
                + "\"events\":[\"inventory.count.updated\"]}")));
        webhooks.logAttempt(id, "msg_A", 1201L, 1300L, 1, null, "timeout", 10_000);
        webhooks.logAttempt(other, "msg_B", 1201L, 1201L, 1, 204, null, 8);
        webhooks.logAttempt(id, "msg_A", 1201L, 1300L, 2, 503, null, 31);
        webhooks.logAttempt(id, "msg_A", 1201L, 1300L, 3, 200, null, 12);
        webhooks.logAttempt(id, "msg_test", null, null, 1, null, "address_refused", 1);
        String path = "/v1/webhooks/" + id + "/deliveries";

        ApiResponse first = api.get(path + "?limit=2").authorized().send();
        ApiResponse second = api.get(path + "?before=4&limit=2").authorized().send();
        ApiResponse last = api.get(path + "?before=3&limit=2").authorized().send();

        assertJson(first, 200, "[" + attempt(5, id, "msg_test", "null", "null", 1, "2026-11-28T10:00:04Z", "null",
                "\"address_refused\"", 1) + "," + attempt(4, id, "msg_A", "1201", "1300", 3, "2026-11-28T10:00:03Z",
                "200", "null", 12) + "]");
        assertHeader(first, "Link", "</v1/webhooks/" + id + "/deliveries?before=4&limit=2>; rel=\"next\"");
        assertJson(second, 200, "[" + attempt(3, id, "msg_A", "1201", "1300", 2, "2026-11-28T10:00:02Z", "503",
                "null", 31) + "," + attempt(1, id, "msg_A", "1201", "1300", 1, "2026-11-28T10:00:00Z", "null",
                "\"timeout\"", 10000) + "]");
        assertHeader(second, "Link", "</v1/webhooks/" + id + "/deliveries?before=1&limit=2>; rel=\"next\"");
        assertJson(api.get(path + "?before=1&limit=2").authorized().send(), 200, "[]");
        assertEquals(List.of(), last.header("Link"), "a page that is not full is the last");
        assertEquals(1, last.body().split("attemptId").length - 1, last.body());
        ApiResponse all = api.get(path).authorized().send();
        assertEquals(4, all.body().split("attemptId").length - 1, all.body());
        assertEquals(List.of(), all.header("Link"), "50 by default");
    }

    @Test
    void aMistakeInTheLogsPagingIs400() {
        String path = "/v1/webhooks/" + group(ID, create("{\"url\":\"" + URL + "\","
                + "\"events\":[\"inventory.count.updated\"]}")) + "/deliveries";
        for (String before : List.of("0", "-1", "x", "9223372036854775808", "1.5")) {
            assertError(api.get(path + "?before=" + before).authorized().send(), 400, "VALIDATION_FAILED",
                    "before must be an attemptId, an integer from 1 to 9223372036854775807, got " + before);
        }
        for (String limit : List.of("0", "101", "x", "1000")) {
            assertError(api.get(path + "?limit=" + limit).authorized().send(), 400, "VALIDATION_FAILED",
                    "limit must be an integer from 1 to 100, got " + limit);
        }
    }

    @Test
    void aReplayMovesTheCursorBackAndAnswersTheWebhook() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));

        ApiResponse response = api.request("POST", "/v1/webhooks/" + id + "/replay").authorized()
                .json("{\"after\":1000}").send();

        assertJson(response, 200, webhook(id, URL, "null", true, "null", 1000, "null", "null"));
        assertEquals(1000, webhooks.find(WebhookId.parse(id)).cursor());
        assertJson(api.request("POST", "/v1/webhooks/" + id + "/replay").authorized().json("{\"after\":0}").send(),
                200, webhook(id, URL, "null", true, "null", 0, "null", "null"));
    }

    @Test
    void aReplayFromChangesNoLongerKeptIsTheLedgers410() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));
        webhooks.removeChangesThrough(500);

        ApiResponse response = api.request("POST", "/v1/webhooks/" + id + "/replay").authorized()
                .json("{\"after\":100}").send();

        assertError(response, 410, "CURSOR_EXPIRED", "Changes after 100 up to 500 are no longer kept: read the list "
                + "again (GET /v1/inventory), then follow the changes after 1200");
        assertEquals(1200, webhooks.find(WebhookId.parse(id)).cursor());
    }

    static Stream<Arguments> refusedReplays() {
        return Stream.of(
                Arguments.of("{\"after\":\"1000\"}", "after must be a JSON number, not a string: " + REPLAY_SEND),
                Arguments.of("{\"after\":1.5}", "after must be a whole number, got 1.5: " + REPLAY_SEND),
                Arguments.of("{\"after\":1e3}", "after must be a whole number, got 1e3: " + REPLAY_SEND),
                Arguments.of("{\"after\":null}", "after must not be null: " + REPLAY_SEND),
                Arguments.of("{\"after\":true}", "after must be a JSON number, not a boolean: " + REPLAY_SEND),
                Arguments.of("{\"after\":-1}",
                        "after must be a changeId, an integer from 0 to 9223372036854775807, got -1"),
                Arguments.of("{\"after\":9223372036854775808}",
                        "after must be a changeId, an integer from 0 to 9223372036854775807, got 9223372036854775808"),
                Arguments.of("{\"after\":5000}", "after must be from 0 to the newest change, 1200, got 5000"),
                Arguments.of("{}", "after is required: " + REPLAY_SEND),
                Arguments.of("{\"after\":1,\"after\":2}", "after must be given once: " + REPLAY_SEND),
                Arguments.of("{\"after\":1,\"before\":2}",
                        "Unknown member 'before': the body accepts only after; " + REPLAY_SEND),
                Arguments.of("[1]", "The request body must be a JSON object: " + REPLAY_SEND),
                Arguments.of("", "The request body is required: " + REPLAY_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedReplays")
    void aMistakeInAReplayIs400NamingTheFix(String body, String message) {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));

        ApiResponse response = api.request("POST", "/v1/webhooks/" + id + "/replay").authorized().json(body).send();

        assertError(response, 400, "VALIDATION_FAILED", message);
        assertEquals(1200, webhooks.find(WebhookId.parse(id)).cursor());
    }

    @Test
    void aTestAnswersTheReceiversStatusOrTheErrorNeverItsAnswer() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));
        String path = "/v1/webhooks/" + id + "/test";

        assertJson(api.request("POST", path).authorized().send(), 200,
                "{\"status\":204,\"error\":null,\"durationMs\":12}");
        webhooks.answerTestsWith(AttemptResult.answered(500, Duration.ofMillis(40), null,
                "internal error, token whsec_leaked"));
        ApiResponse failed = api.request("POST", path).authorized().send();
        assertJson(failed, 200, "{\"status\":500,\"error\":null,\"durationMs\":40}");
        webhooks.answerTestsWith(AttemptResult.failed(DeliveryError.TIMEOUT, Duration.ofSeconds(10)));
        assertJson(api.request("POST", path).authorized().send(), 200,
                "{\"status\":null,\"error\":\"timeout\",\"durationMs\":10000}");

        assertEquals(3, webhooks.testsSent());
        ApiResponse log = api.get("/v1/webhooks/" + id + "/deliveries?limit=1").authorized().send();
        assertJson(log, 200, "[" + attempt(3, WebhookId.parse(id), "msg_test3", "null", "null", 1,
                "2026-11-28T10:00:02Z", "null", "\"timeout\"", 10000) + "]");
        assertFalse(api.get("/v1/webhooks/" + id + "/deliveries").authorized().send().body().contains("leaked"));
    }

    static Stream<Arguments> refusedCreations() {
        return Stream.of(
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"inventory.updated\"]}", "events: "
                        + "'inventory.updated' is not an event type; the event types are inventory.count.updated"),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"webhook.test\"]}", "events: 'webhook.test' "
                        + "cannot be subscribed to, it is sent only when a test is asked for; the event types are "
                        + "inventory.count.updated"),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[]}",
                        "events must name at least one event type: inventory.count.updated"),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\","
                        + "\"inventory.count.updated\"]}", "events: 'inventory.count.updated' is named twice"),
                Arguments.of("{\"url\":\"/hooks/stock\",\"events\":[\"inventory.count.updated\"]}", "url must be an "
                        + "absolute https:// URL, such as https://example.com/hooks/stock, got '/hooks/stock'"),
                Arguments.of("{\"url\":\"ftp://shop.example.com/x\",\"events\":[\"inventory.count.updated\"]}",
                        "url must be an absolute https:// URL, such as https://example.com/hooks/stock, got "
                                + "'ftp://shop.example.com/x'"),
                Arguments.of("{\"url\":\"\",\"events\":[\"inventory.count.updated\"]}",
                        "url is needed: an absolute https:// URL, such as https://example.com/hooks/stock"),
                Arguments.of("{\"url\":\"https://user:pw@shop.example.com/\",\"events\":[\"inventory.count.updated\"]}",
                        "url must not carry user information (user:password@): leave it out, and check the "
                                + "receiver by the webhook's signature instead"),
                Arguments.of("{\"url\":\"https://shop.example.com/#top\",\"events\":[\"inventory.count.updated\"]}",
                        "url must not have a fragment (the part from #), which is never sent: leave it out"),
                Arguments.of("{\"url\":\"https://intranet.example.com/hooks\",\"events\":[\"inventory.count.updated\"]}",
                        "the URL's host 'intranet.example.com' resolves to 10.0.0.7, which lies in 10.0.0.0/8 "
                                + "(private); " + FIX),
                Arguments.of("{\"url\":\"https://169.254.169.254/latest\",\"events\":[\"inventory.count.updated\"]}",
                        "the URL's address 169.254.169.254, which lies in 169.254.0.0/16 (link-local); " + FIX),
                Arguments.of("{\"url\":\"http://shop.example.com/hooks\",\"events\":[\"inventory.count.updated\"]}",
                        "the URL's host 'shop.example.com' resolves to 93.184.215.14, which is not in a network "
                                + "admitted by PETSTORE_WEBHOOK_ALLOWED_NETWORKS, and only those may be called over "
                                + "http://: use an https:// URL"),
                Arguments.of("{\"url\":\"https://nowhere.example.com/\",\"events\":[\"inventory.count.updated\"]}",
                        "the URL's host 'nowhere.example.com' resolves to no address: use a host that has one"),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"],"
                        + "\"description\":\"" + "d".repeat(201) + "\"}", "description must be at most 200 characters "
                        + "without control characters; say what the webhook is for, e.g. \"stock to the web shop\""),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"],\"secret\":\"x\"}",
                        "Unknown member 'secret': the body accepts only url, events and, optionally, description; "
                                + CREATE_SEND),
                Arguments.of("{\"url\":\"" + URL + "\",\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}",
                        "url must be given once: " + CREATE_SEND),
                Arguments.of("{\"url\":443,\"events\":[\"inventory.count.updated\"]}",
                        "url must be a JSON string, not a JSON number: " + CREATE_SEND),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":\"inventory.count.updated\"}",
                        "events must be a JSON array of strings, not a string: " + CREATE_SEND),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[null]}",
                        "events[0] must be a JSON string, not null: " + CREATE_SEND),
                Arguments.of("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"],\"description\":3}",
                        "description must be a JSON string, or null for none, not a JSON number: " + CREATE_SEND),
                Arguments.of("{\"events\":[\"inventory.count.updated\"]}", "url is required: " + CREATE_SEND),
                Arguments.of("{\"url\":\"" + URL + "\"}", "events is required: " + CREATE_SEND),
                Arguments.of("[]", "The request body must be a JSON object: " + CREATE_SEND),
                Arguments.of("", "The request body is required: " + CREATE_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedCreations")
    void aMistakeInACreationIs400NamingTheFix(String body, String message) {
        assertError(create(body), 400, "VALIDATION_FAILED", message);
        assertEquals(List.of(), webhooks.list());
    }

    @Test
    void aCreationThatIsNotJsonIs400MalformedJsonOr415() {
        assertError(create("{\"url\":"), 400, "MALFORMED_JSON",
                "The request body is not valid JSON (line 1, column 8): " + CREATE_SEND);
        String body = "{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}";
        assertEquals(415, api.request("POST", "/v1/webhooks").authorized().withoutContentType(body).send().status());
        assertEquals(415, api.request("POST", "/v1/webhooks").authorized().body("text/plain", body).send().status());
        assertEquals(List.of(), webhooks.list());
    }

    static Stream<Arguments> refusedUpdates() {
        return Stream.of(
                Arguments.of("{}", "The body must name at least one of url, events, description and enabled: "
                        + UPDATE_SEND),
                Arguments.of("{\"enabled\":\"true\"}", "enabled must be true or false, not a string: " + UPDATE_SEND),
                Arguments.of("{\"enabled\":null}", "enabled must be true or false, not null: " + UPDATE_SEND),
                Arguments.of("{\"enabled\":1}", "enabled must be true or false, not a JSON number: " + UPDATE_SEND),
                Arguments.of("{\"url\":null}", "url must be a JSON string, not null: " + UPDATE_SEND),
                Arguments.of("{\"events\":null}", "events must be a JSON array of strings, not null: " + UPDATE_SEND),
                Arguments.of("{\"events\":[]}", "events must name at least one event type: inventory.count.updated"),
                Arguments.of("{\"events\":[\"stock\"]}",
                        "events: 'stock' is not an event type; the event types are inventory.count.updated"),
                Arguments.of("{\"url\":\"https://10.0.0.1/hooks\"}",
                        "the URL's address 10.0.0.1, which lies in 10.0.0.0/8 (private); " + FIX),
                Arguments.of("{\"url\":\"shop.example.com\"}", "url must be an absolute https:// URL, such as "
                        + "https://example.com/hooks/stock, got 'shop.example.com'"),
                Arguments.of("{\"description\":\"a\\nb\"}", "description must be at most 200 characters without "
                        + "control characters; say what the webhook is for, e.g. \"stock to the web shop\""),
                Arguments.of("{\"enabled\":true,\"secret\":\"whsec_x\"}", "Unknown member 'secret': the body "
                        + "accepts only url, events, description and enabled; " + UPDATE_SEND),
                Arguments.of("{\"enabled\":true,\"enabled\":false}", "enabled must be given once: " + UPDATE_SEND),
                Arguments.of("", "The request body is required: " + UPDATE_SEND));
    }

    @ParameterizedTest
    @MethodSource("refusedUpdates")
    void aMistakeInAPatchIs400NamingTheFixAndChangesNothing(String body, String message) {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));
        String before = api.get("/v1/webhooks/" + id).authorized().send().body();

        assertError(api.patch("/v1/webhooks/" + id).authorized().json(body).send(), 400, "VALIDATION_FAILED",
                message);
        assertEquals(before, api.get("/v1/webhooks/" + id).authorized().send().body());
    }

    @Test
    void theWebhookApiNeedsWebhooksAdmin() {
        String id = group(ID, create("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}"));
        String path = "/v1/webhooks/" + id;
        for (String name : List.of("till-1", "key-admin")) {
            String holds = name.equals("till-1") ? "inventory:write" : "keys:admin";
            for (String[] request : List.of(new String[] {"POST", "/v1/webhooks"}, new String[] {"GET", "/v1/webhooks"},
                    new String[] {"GET", path}, new String[] {"PATCH", path}, new String[] {"DELETE", path},
                    new String[] {"POST", path + "/secret-rotation"}, new String[] {"GET", path + "/deliveries"},
                    new String[] {"POST", path + "/replay"}, new String[] {"POST", path + "/test"})) {
                ApiResponse response = api.request(request[0], request[1]).bearer(keys.secretOf(name))
                        .json("{\"enabled\":false}").send();
                assertError(response, 403, "INSUFFICIENT_SCOPE", "This API key (" + keys.idOf(name) + ", \"" + name
                        + "\") holds " + holds + ": " + request[0] + " " + request[1] + " needs webhooks:admin");
                assertHeader(response, "WWW-Authenticate",
                        "Bearer realm=\"petstore\", error=\"insufficient_scope\", scope=\"webhooks:admin\"");
            }
        }
        assertTrue(webhooks.find(WebhookId.parse(id)).enabled());
        assertEquals(1, webhooks.list().size());
        assertEquals(0, webhooks.testsSent());
    }

    @Test
    void aManagedKeyThatHoldsWebhooksAdminMayUseTheApi() {
        ApiResponse key = api.request("POST", "/v1/keys").authorized()
                .json("{\"name\":\"hooks\",\"scopes\":[\"webhooks:admin\"]}").send();
        Matcher secret = Pattern.compile("\"key\":\"(pst_[0-9A-Za-z]{49})\"").matcher(key.body());
        assertTrue(secret.find(), key.body());

        ApiResponse created = api.request("POST", "/v1/webhooks").bearer(secret.group(1))
                .json("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}").send();

        assertEquals(201, created.status(), created.toString());
        assertEquals(200, api.get("/v1/webhooks").bearer(secret.group(1)).send().status());
        assertEquals(403, api.get("/v1/inventory").bearer(secret.group(1)).send().status());
    }

    @Test
    void theWebhookApiNeedsAKey() {
        assertEquals(401, api.get("/v1/webhooks").send().status());
        assertEquals(401, api.request("POST", "/v1/webhooks")
                .json("{\"url\":\"" + URL + "\",\"events\":[\"inventory.count.updated\"]}").send().status());
        assertEquals(List.of(), webhooks.list());
    }

    private ApiResponse create(String body) {
        return api.request("POST", "/v1/webhooks").authorized().json(body).send();
    }

    /** A webhook as the API answers it (never with a secret), created now unless it is one of {@link #CREATED}. */
    private static String webhook(String id, String url, String description, boolean enabled, String disabledReason,
                                  long cursor, String lastFailureAt, String lastFailure) {
        return "{\"id\":\"" + id + "\",\"url\":\"" + url + "\",\"events\":[\"inventory.count.updated\"],"
                + "\"description\":" + description + ",\"enabled\":" + enabled + ",\"disabledReason\":"
                + disabledReason + ",\"createdAt\":\"" + CREATED.getOrDefault(id, "2026-11-28T10:00:00Z")
                + "\",\"cursor\":" + cursor + ",\"lastFailureAt\":" + lastFailureAt + ",\"lastFailure\":"
                + lastFailure + "}";
    }

    /** An attempt of the delivery log as the API answers it. */
    private static String attempt(long attemptId, WebhookId id, String deliveryId, String first, String last,
                                  int attempt, String at, String status, String error, long durationMs) {
        return "{\"attemptId\":" + attemptId + ",\"webhookId\":\"" + id + "\",\"deliveryId\":\"" + deliveryId
                + "\",\"firstChangeId\":" + first + ",\"lastChangeId\":" + last + ",\"attempt\":" + attempt
                + ",\"at\":\"" + at + "\",\"status\":" + status + ",\"error\":" + error + ",\"durationMs\":"
                + durationMs + "}";
    }

    private static String group(Pattern pattern, ApiResponse response) {
        Matcher matcher = pattern.matcher(response.body());
        assertTrue(matcher.find(), () -> pattern + " in " + response);
        return matcher.group(1);
    }
}
