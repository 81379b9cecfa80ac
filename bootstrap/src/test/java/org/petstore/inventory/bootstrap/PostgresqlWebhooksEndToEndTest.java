package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * Webhooks on PostgreSQL, and what only a shared database has: with two instances, each subscription is delivered by
 * one of them at a time, and when that one is killed (SIGKILL, in the middle of deliveries) the other takes over, so
 * that every change still arrives in order.
 */
class PostgresqlWebhooksEndToEndTest extends WebhooksEndToEndTest {

    @TempDir
    Path work;

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void whenTheInstanceDeliveringIsKilledTheOtherTakesOverAndEveryChangeArrivesInOrder() throws Exception {
        Map<String, String> database = TestPostgres.newDatabase();
        int port = FreePort.next();
        Map<String, String> environment = new HashMap<>(Map.of(
                "DATASOURCES_DEFAULT_URL", database.get("datasources.default.url"),
                "DATASOURCES_DEFAULT_USERNAME", database.get("datasources.default.username"),
                "DATASOURCES_DEFAULT_PASSWORD", database.get("datasources.default.password"),
                "PETSTORE_DEMO_DATA", "true",
                "PETSTORE_PORT", Integer.toString(port),
                "PETSTORE_API_KEYS", RunningService.API_KEY,
                "PETSTORE_WEBHOOK_ALLOWED_NETWORKS", "127.0.0.0/8",
                "PETSTORE_WEBHOOK_RETRY_DELAYS", "0s,1s,1s,2s"));
        HttpClient client = HttpClient.newHttpClient();
        Path log = work.resolve("first.log");
        Files.createFile(log);
        Process first = ServiceProcess.start(work, environment, log);
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            // the first instance alone: it claims the new subscription
            HttpResponse<String> created = client.send(HttpRequest.newBuilder(
                            java.net.URI.create("http://127.0.0.1:" + port + "/v1/webhooks"))
                    .header("Authorization", "Bearer " + RunningService.API_KEY)
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString("{\"url\": \"" + receiver.url()
                            + "\", \"events\": [\"inventory.count.updated\"]}")).build(), BodyHandlers.ofString());
            assertEquals(201, created.statusCode(), created.body());
            String id = group(ID, created.body());
            Map<String, Object> shared = new HashMap<>(database);
            shared.put("petstore.webhook.allowed-networks", "127.0.0.0/8");
            try (RunningService second = RunningService.start(() -> shared)) {
                long cursor = Long.parseLong(group(CURSOR, second.get("/v1/webhooks/" + id).body()));
                second.patch("/v1/inventory/1", "{\"quantity\": 1}");
                assertTrue(receiver.await(Duration.ofSeconds(10), r -> !r.received().isEmpty()),
                        "the first instance delivers");
                // changes through the second instance while the first delivers; the first dies in the middle
                for (int i = 0; i < 200; i++) {
                    assertEquals(200, second.patch("/v1/inventory/" + (i % 12 + 1),
                            "{\"quantity\": " + (200 + i) + "}").statusCode());
                    if (i == 100) {
                        first.destroyForcibly().waitFor();
                    }
                }
                List<String> expected = feed(second, cursor);
                long last = changeId(expected.getLast());

                assertTrue(receiver.awaitChange(last, Duration.ofSeconds(40)),
                        "the second instance takes over within the lease (15 s) and delivers everything");
                assertTrue(awaitCursor(second, id, last), "the acknowledged delivery moves the cursor");
                List<Long> ids = receiver.changeIds();
                List<Long> once = new ArrayList<>(new LinkedHashSet<>(ids));
                int duplicates = ids.size() - new HashSet<>(ids).size();
                Map<Long, List<WebhookReceiver.Received>> sentTwice = receiver.received().stream()
                        .filter(r -> !r.changeIds().isEmpty())
                        .collect(Collectors.groupingBy(r -> r.changeIds().getFirst()));
                sentTwice.values().removeIf(same -> same.size() == 1);
                HttpResponse<String> shown = second.get("/v1/webhooks/" + id);
                assertAll(
                        () -> assertEquals(expected.stream().map(WebhooksEndToEndTest::changeId).toList(), once,
                                "every change, in order"),
                        () -> assertTrue(duplicates <= 200, "only what the first instance sent and had not recorded "
                                + "when it died is sent twice: the run of its last 100 ms, here two batches at most "
                                + "(the 201 changes it could have seen): " + duplicates),
                        () -> sentTwice.values().forEach(same -> assertAll(
                                () -> assertEquals(1, same.stream().map(r -> r.header("webhook-id")).distinct()
                                        .count(), "a message sent again keeps its webhook-id"),
                                () -> assertEquals(1, same.stream().map(WebhookReceiver.Received::body).distinct()
                                        .count(), "and its bytes"))),
                        () -> assertEquals(last, Long.parseLong(group(CURSOR, shown.body())), shown.body()));
            }
        } finally {
            first.destroyForcibly().waitFor();
        }
    }
}
