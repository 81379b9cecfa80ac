package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Webhooks over real HTTP on every backend, as a subscriber meets them: a receiver on this machine (admitted by
 * {@code petstore.webhook.allowed-networks}) gets every change after its subscription, in order, once, signed with
 * the Standard Webhooks headers that the specification's own library verifies; a receiver that fails is retried on
 * the schedule and gets everything when it is back; 410 disables and re-enabling resumes from the cursor; replay
 * sends again; a rotation signs with both secrets; refused addresses and mistakes get a 400 that names the fix.
 */
abstract class WebhooksEndToEndTest {

    static final Pattern ID = Pattern.compile("\"id\":\"(whk-[0-9a-f]{12})\"");
    static final Pattern SECRET = Pattern.compile("\"secret\":\"(whsec_[A-Za-z0-9+/=]+)\"");
    static final Pattern CURSOR = Pattern.compile("\"cursor\":(\\d+)");
    static final Pattern MESSAGE_ID = Pattern.compile("msg_[A-Za-z0-9_-]{22}");
    static final Map<String, Object> LOCAL_RECEIVERS = Map.of(
            "petstore.webhook.allowed-networks", "127.0.0.0/8",
            "petstore.webhook.retry-delays", "0s,1s,1s,2s");

    /** A new, empty database on the backend under test, with the demo data. */
    abstract Backend newBackend();

    static HttpResponse<String> post(RunningService service, String path, String json) {
        return service.send(service.request(path).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json)).build());
    }

    static String group(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        assertTrue(matcher.find(), () -> pattern + " not in " + text);
        return matcher.group(1);
    }

    /** Subscribes the receiver; answers the id and the secret. */
    static String[] subscribe(RunningService service, WebhookReceiver receiver) {
        HttpResponse<String> created = post(service, "/v1/webhooks", "{\"url\": \"" + receiver.url()
                + "\", \"events\": [\"inventory.count.updated\"], \"description\": \"web shop\"}");
        assertEquals(201, created.statusCode(), created.body());
        return new String[] {group(ID, created.body()), group(SECRET, created.body())};
    }

    /** The ledger's changes after {@code after}, as the feed answers them: their JSON records, in order. */
    static List<String> feed(RunningService service, long after) {
        HttpResponse<String> feed = service.get("/v1/inventory/changes?after=" + after + "&limit=500");
        assertEquals(200, feed.statusCode(), feed.body());
        String body = feed.body();
        List<String> records = new ArrayList<>();
        if (body.equals("[]")) {
            return records;
        }
        for (String record : body.substring(2, body.length() - 2).split("\\},\\{")) {
            records.add("{" + record + "}");
        }
        return records;
    }

    static long changeId(String record) {
        return Long.parseLong(group(Pattern.compile("\"changeId\":(\\d+)"), record));
    }

    /** The change records a delivery carries, {@code previousChangeId} taken off the first. */
    static List<String> records(WebhookReceiver.Received delivery) {
        String body = delivery.body();
        String prefix = "\"data\":{\"changes\":[{";
        String changes = body.substring(body.indexOf(prefix) + prefix.length(), body.length() - "}]}}".length());
        List<String> records = new ArrayList<>();
        for (String record : changes.split("\\},\\{")) {
            records.add(("{" + record + "}").replaceFirst(",\"previousChangeId\":\\d+}$", "}"));
        }
        return records;
    }

    /** Waits up to 10 s until the webhook's cursor is {@code changeId}; answers whether it got there. */
    static boolean awaitCursor(RunningService service, String id, long changeId) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (Long.parseLong(group(CURSOR, service.get("/v1/webhooks/" + id).body())) == changeId) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Verifies the delivery's signature with the Standard Webhooks reference library, as a receiver would. */
    static void verify(String secret, WebhookReceiver.Received delivery) throws Exception {
        new com.standardwebhooks.Webhook(secret).verify(delivery.body(), Map.of(
                "webhook-id", List.of(delivery.header("webhook-id")),
                "webhook-timestamp", List.of(delivery.header("webhook-timestamp")),
                "webhook-signature", List.of(delivery.header("webhook-signature"))));
    }

    @Test
    void everyChangeAfterTheSubscriptionArrivesInOrderOnceSignedWithTheStandardHeaders() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start();
             RunningService service = RunningService.start(newBackend(), LOCAL_RECEIVERS)) {
            service.patch("/v1/inventory/1", "{\"quantity\": 40}"); // before the subscription: never sent
            String[] webhook = subscribe(service, receiver);
            long cursor = Long.parseLong(group(CURSOR, service.get("/v1/webhooks/" + webhook[0]).body()));
            for (int i = 0; i < 30; i++) {
                assertEquals(200, service.patch("/v1/inventory/" + (i % 12 + 1),
                        "{\"quantity\": " + (100 + i) + "}").statusCode());
            }
            StringBuilder batch = new StringBuilder("{\"changes\": [");
            for (int pet = 1; pet <= 12; pet++) {
                batch.append(pet == 1 ? "" : ", ").append("{\"petId\": ").append(pet).append(", \"delta\": 1}");
            }
            assertEquals(200, post(service, "/v1/inventory/changes", batch + "]}").statusCode());
            List<String> expected = feed(service, cursor);
            long last = changeId(expected.getLast());

            assertTrue(receiver.awaitChange(last, Duration.ofSeconds(20)), "every change arrives");
            assertTrue(awaitCursor(service, webhook[0], last), "the acknowledged delivery moves the cursor");
            HttpResponse<String> shown = service.get("/v1/webhooks/" + webhook[0]);
            HttpResponse<String> listed = service.get("/v1/webhooks");
            HttpResponse<String> deliveries = service.get("/v1/webhooks/" + webhook[0] + "/deliveries");
            HttpResponse<String> test = post(service, "/v1/webhooks/" + webhook[0] + "/test", "");
            List<WebhookReceiver.Received> received = receiver.received();
            List<WebhookReceiver.Received> changes = received.stream()
                    .filter(r -> r.body().startsWith("{\"type\":\"inventory.count.updated\"")).toList();
            List<String> carried = changes.stream().flatMap(r -> records(r).stream()).toList();
            List<Long> previous = new ArrayList<>();
            long before = cursor;
            for (WebhookReceiver.Received delivery : changes) {
                previous.add(delivery.previousChangeId() - before);
                before = delivery.changeIds().getLast();
            }
            long now = Instant.now().getEpochSecond();
            assertAll(
                    () -> assertEquals(42, expected.size()),
                    () -> assertEquals(expected, carried, "the same records as the feed, in order, once"),
                    () -> assertTrue(previous.stream().allMatch(gap -> gap == 0),
                            "each delivery's previousChangeId is the last change of the one before: " + previous),
                    () -> assertEquals(changes.size(), changes.stream().map(r -> r.header("webhook-id"))
                            .collect(Collectors.toSet()).size(), "one webhook-id per delivery"),
                    () -> assertEquals(200, shown.statusCode()),
                    () -> assertEquals(last, Long.parseLong(group(CURSOR, shown.body())), shown.body()),
                    () -> assertFalse(shown.body().contains("whsec_"), shown.body()),
                    () -> assertFalse(listed.body().contains("whsec_"), listed.body()),
                    () -> assertTrue(listed.body().contains("\"id\":\"" + webhook[0] + "\""), listed.body()),
                    () -> assertEquals(200, deliveries.statusCode(), deliveries.body()),
                    () -> assertTrue(deliveries.body().contains("\"status\":204"), deliveries.body()),
                    () -> assertEquals(200, test.statusCode(), test.body()),
                    () -> assertTrue(test.body().contains("\"status\":204"), test.body()));
            for (WebhookReceiver.Received delivery : receiver.received()) {
                assertAll(
                        () -> assertTrue(MESSAGE_ID.matcher(delivery.header("webhook-id")).matches(),
                                delivery.headers().toString()),
                        () -> assertTrue(Math.abs(now - Long.parseLong(delivery.header("webhook-timestamp"))) < 60),
                        () -> assertTrue(delivery.header("webhook-signature").matches("v1,[A-Za-z0-9+/]{43}="),
                                delivery.header("webhook-signature")),
                        () -> assertEquals("application/json", delivery.header("content-type")),
                        () -> verify(webhook[1], delivery));
            }
            assertTrue(receiver.received().getLast().body().startsWith(
                    "{\"type\":\"webhook.test\",\"timestamp\":\""), receiver.received().getLast().body());
        }
    }

    @Test
    void aFailingReceiverIsRetriedOnTheScheduleAndAfter410AReEnabledOneResumesWithNothingSkipped() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start();
             RunningService service = RunningService.start(newBackend(), LOCAL_RECEIVERS)) {
            String[] webhook = subscribe(service, receiver);
            long cursor = Long.parseLong(group(CURSOR, service.get("/v1/webhooks/" + webhook[0]).body()));
            receiver.answer(503, 500);
            service.patch("/v1/inventory/3", "{\"quantity\": 31}");

            assertTrue(receiver.await(Duration.ofSeconds(20), r -> r.received().size() == 3), "two retries");
            List<WebhookReceiver.Received> tries = receiver.received();
            assertAll(
                    () -> assertEquals(1, tries.stream().map(r -> r.header("webhook-id")).distinct().count(),
                            "one webhook-id for every try"),
                    () -> assertEquals(1, tries.stream().map(WebhookReceiver.Received::body).distinct().count(),
                            "the same body for every try"),
                    () -> assertTrue(tries.get(1).arrivalNanos() - tries.get(0).arrivalNanos()
                            >= Duration.ofMillis(900).toNanos(), "Retry-After: 1 after the 503"),
                    () -> assertTrue(tries.get(2).arrivalNanos() - tries.get(1).arrivalNanos()
                            >= Duration.ofMillis(750).toNanos(), "1 s less a fifth of jitter after the 500"),
                    () -> assertEquals(cursor + 1, tries.get(2).changeIds().getFirst()));

            receiver.answer(410);
            service.patch("/v1/inventory/3", "{\"quantity\": 32}");
            assertTrue(receiver.await(Duration.ofSeconds(10), r -> r.received().size() == 4));
            assertTrue(receiver.await(Duration.ofSeconds(5), r -> service.get("/v1/webhooks/" + webhook[0]).body()
                    .contains("\"enabled\":false")), "410 disables the subscription");
            service.patch("/v1/inventory/4", "{\"quantity\": 41}");
            service.patch("/v1/inventory/5", "{\"quantity\": 51}");
            Thread.sleep(1500);
            assertEquals(4, receiver.received().size(), "nothing is sent to a disabled subscription");
            HttpResponse<String> disabled = service.get("/v1/webhooks/" + webhook[0]);

            HttpResponse<String> enabled = service.send(service.request("/v1/webhooks/" + webhook[0])
                    .header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"enabled\": true}")).build());
            List<String> expected = feed(service, cursor);
            assertTrue(receiver.awaitChange(changeId(expected.getLast()), Duration.ofSeconds(20)));
            List<WebhookReceiver.Received> all = receiver.received();
            assertAll(
                    () -> assertTrue(disabled.body().contains("410"), disabled.body()),
                    () -> assertEquals(200, enabled.statusCode(), enabled.body()),
                    () -> assertTrue(enabled.body().contains("\"enabled\":true"), enabled.body()),
                    () -> assertEquals(all.get(3).header("webhook-id"), all.get(4).header("webhook-id"),
                            "the delivery refused with 410 is sent again as it was"),
                    () -> assertEquals(expected.stream().map(WebhooksEndToEndTest::changeId).toList(),
                            new ArrayList<>(new java.util.LinkedHashSet<>(receiver.changeIds())),
                            "every change, in order, nothing skipped"));

            HttpResponse<String> rotated = post(service, "/v1/webhooks/" + webhook[0] + "/secret-rotation", "");
            String newSecret = group(SECRET, rotated.body());
            HttpResponse<String> replayed = post(service, "/v1/webhooks/" + webhook[0] + "/replay",
                    "{\"after\": " + cursor + "}");
            int before = receiver.received().size();
            assertTrue(receiver.await(Duration.ofSeconds(20), r -> new HashSet<>(r.received().subList(before,
                    r.received().size()).stream().flatMap(d -> d.changeIds().stream()).toList())
                    .containsAll(expected.stream().map(WebhooksEndToEndTest::changeId).toList())),
                    "a replay sends every change after the cursor again");
            WebhookReceiver.Received again = receiver.received().get(before);
            assertAll(
                    () -> assertEquals(200, rotated.statusCode(), rotated.body()),
                    () -> assertNotEquals(webhook[1], newSecret),
                    () -> assertTrue(Base64.getDecoder().decode(newSecret.substring(6)).length >= 24),
                    () -> assertEquals(200, replayed.statusCode(), replayed.body()),
                    () -> assertEquals(cursor, again.previousChangeId()),
                    () -> assertTrue(again.header("webhook-signature").matches("v1,\\S+ v1,\\S+"),
                            again.header("webhook-signature")),
                    () -> verify(newSecret, again),
                    () -> verify(webhook[1], again));
        }
    }

    @Test
    void refusedAddressesAndMistakesGet400NamingTheFixAndNothingIsStored() {
        try (RunningService service = RunningService.start(newBackend())) {
            Map<String, String> refusals = new java.util.LinkedHashMap<>();
            for (String url : List.of("http://127.0.0.1:8080/hooks", "https://10.0.0.1/hooks",
                    "https://169.254.169.254/latest/meta-data", "https://100.64.0.1/", "https://[::ffff:10.0.0.1]/",
                    "https://user:password@8.8.8.8/hooks", "http://8.8.8.8/hooks", "ftp://8.8.8.8/hooks",
                    "/hooks")) {
                HttpResponse<String> refused = post(service, "/v1/webhooks",
                        "{\"url\": \"" + url + "\", \"events\": [\"inventory.count.updated\"]}");
                refusals.put(url, refused.statusCode() + " " + refused.body());
            }
            HttpResponse<String> unknownEvent = post(service, "/v1/webhooks",
                    "{\"url\": \"https://8.8.8.8/hooks\", \"events\": [\"inventory.count.changed\"]}");
            HttpResponse<String> unknownMember = post(service, "/v1/webhooks",
                    "{\"url\": \"https://8.8.8.8/hooks\", \"events\": [\"inventory.count.updated\"], \"x\": 1}");
            HttpResponse<String> unknownId = service.get("/v1/webhooks/whk-000000000000");
            HttpResponse<String> listed = service.get("/v1/webhooks");
            assertAll(
                    () -> assertTrue(refusals.values().stream().allMatch(answer -> answer.startsWith("400 {\"code\":")
                            && answer.endsWith(",\"status\":400}")), refusals.toString()),
                    () -> assertEquals(400, unknownEvent.statusCode(), unknownEvent.body()),
                    () -> assertTrue(unknownEvent.body().contains("inventory.count.updated"), unknownEvent.body()),
                    () -> assertEquals(400, unknownMember.statusCode(), unknownMember.body()),
                    () -> assertEquals(404, unknownId.statusCode(), unknownId.body()),
                    () -> assertEquals("{\"webhooks\":[]}", listed.body(), "nothing was stored"));
        }
    }
}
