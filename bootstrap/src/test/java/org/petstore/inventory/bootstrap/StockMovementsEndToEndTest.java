package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.MatchResult;
import org.junit.jupiter.api.Test;

/**
 * Stock movements over real HTTP, each test on a database of its own, on every backend: an adjustment and a batch
 * are answered, listed and recorded; concurrent sales never sell more than the stock; a retry with the same
 * Idempotency-Key is answered again without a second change; a PATCH that changes nothing records nothing.
 */
abstract class StockMovementsEndToEndTest {

    /** A new, empty database on the backend under test, with the demo data enabled. */
    abstract Backend newBackend();

    static HttpRequest post(RunningService service, String path, String json, String... headers) {
        HttpRequest.Builder request = service.request(path).header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return request.build();
    }

    static HttpRequest sale(RunningService service, long petId) {
        return post(service, "/v1/inventory/" + petId + "/adjustments", "{\"delta\": -1, \"reason\": \"sale\"}");
    }

    /** The pet's recorded changes, newest first. */
    static List<MatchResult> history(RunningService service, long petId) {
        return StockLedgerEndToEndTest.changes(service.get("/v1/inventory/" + petId + "/changes?limit=500").body());
    }

    @Test
    void anAdjustmentIsAnsweredWithTheEntryAndItsTagAndRecordedWithItsReason() {
        try (RunningService service = RunningService.start(newBackend())) {
            service.patch("/v1/inventory/5", "{\"quantity\": 10}");

            HttpResponse<String> sold = service.send(post(service, "/v1/inventory/5/adjustments",
                    "{\"delta\": -3, \"reason\": \"sale\"}", "X-Request-Id", "till-7"));

            assertEquals(200, sold.statusCode(), sold.body());
            assertEquals("{\"petId\":5,\"quantity\":7,\"status\":\"pending\"}", sold.body());
            assertEquals("\"5.3\"", sold.headers().firstValue("ETag").orElseThrow());
            assertEquals(sold.body(), service.get("/v1/inventory/5").body());
            MatchResult recorded = history(service, 5).getFirst();
            assertEquals(List.of("10", "7", "3", "till-7", "\"sale\""), List.of(recorded.group(3),
                    recorded.group(4), recorded.group(5), recorded.group(8), recorded.group(9)));
        }
    }

    /** The case: 60 concurrent sales of one, 50 in stock. */
    @Test
    void concurrentSalesSellExactlyTheStockAndTheLedgerChainsThemDownToZero() {
        try (RunningService service = RunningService.start(newBackend())) {
            assertEquals(200, service.patch("/v1/inventory/9", "{\"quantity\": 50}").statusCode());

            List<HttpResponse<String>> answers = service.sendConcurrently(
                    Collections.nCopies(60, sale(service, 9)));

            assertSalesOfFifty(answers, service, 9);
        }
    }

    static void assertSalesOfFifty(List<HttpResponse<String>> answers, RunningService reader, long petId) {
        int sold = 0;
        for (HttpResponse<String> answer : answers) {
            if (answer.statusCode() == 200) {
                sold++;
            } else {
                assertEquals(409, answer.statusCode(), answer.body());
                assertEquals("{\"code\":\"INSUFFICIENT_STOCK\",\"message\":\"Pet " + petId + " has 0 in stock: a "
                        + "delta of -1 would leave -1; nothing was changed\",\"status\":409}", answer.body());
            }
        }
        assertEquals(50, sold);
        assertTrue(reader.get("/v1/inventory/" + petId).body().contains("\"quantity\":0,"));
        List<MatchResult> sales = new ArrayList<>(history(reader, petId).subList(0, 50));
        Collections.reverse(sales);
        for (int i = 0; i < 50; i++) {
            assertEquals(String.valueOf(50 - i), sales.get(i).group(3), "from, sale " + i);
            assertEquals(String.valueOf(49 - i), sales.get(i).group(4), "to, sale " + i);
            assertEquals("\"sale\"", sales.get(i).group(9));
        }
        assertEquals("50", history(reader, petId).get(50).group(4), "the set to 50 before the sales");
    }

    @Test
    void aBatchIsAnsweredInItsOrderAndRecordedWithConsecutiveIdsAndOneRequestId() {
        try (RunningService service = RunningService.start(newBackend())) {
            service.patch("/v1/inventory/2", "{\"quantity\": 5}");
            service.patch("/v1/inventory/1", "{\"quantity\": 8}");

            HttpResponse<String> batch = service.send(post(service, "/v1/inventory/changes", """
                    {"changes": [{"petId": 2, "delta": -2}, {"petId": 1, "quantity": 10, "reason": "adjustment"}],
                     "reason": "sale"}""", "X-Request-Id", "close-of-day"));

            assertEquals(200, batch.statusCode(), batch.body());
            assertEquals("[{\"petId\":2,\"quantity\":3,\"status\":\"available\"},"
                    + "{\"petId\":1,\"quantity\":10,\"status\":\"available\"}]", batch.body());
            MatchResult two = history(service, 2).getFirst();
            MatchResult one = history(service, 1).getFirst();
            assertEquals(1, Math.abs(Long.parseLong(two.group(1)) - Long.parseLong(one.group(1))));
            assertEquals(List.of("close-of-day", "\"sale\"", "close-of-day", "\"adjustment\""),
                    List.of(two.group(8), two.group(9), one.group(8), one.group(9)));
            List<MatchResult> feed = StockLedgerEndToEndTest.changes(
                    service.get("/v1/inventory/changes?after=0&limit=500").body());
            assertEquals(List.of(one.group(1), two.group(1)).stream().map(Long::parseLong).sorted().toList(),
                    feed.subList(feed.size() - 2, feed.size()).stream().map(change -> Long.parseLong(change.group(1)))
                            .toList(),
                    "the feed carries the batch's changes, last, one after the other");
        }
    }

    @Test
    void aBatchWithARefusedChangeChangesNothing() {
        try (RunningService service = RunningService.start(newBackend())) {
            service.patch("/v1/inventory/2", "{\"quantity\": 5}");
            String before = service.get("/v1/inventory").body();
            long recorded = history(service, 1).size();

            HttpResponse<String> refused = service.send(post(service, "/v1/inventory/changes",
                    "{\"changes\": [{\"petId\": 1, \"delta\": -1}, {\"petId\": 2, \"delta\": -6}]}"));

            assertEquals(409, refused.statusCode());
            assertEquals("{\"code\":\"INSUFFICIENT_STOCK\",\"message\":\"changes[1]: Pet 2 has 5 in stock: a delta of "
                    + "-6 would leave -1; nothing was changed\",\"status\":409}", refused.body());
            assertEquals(before, service.get("/v1/inventory").body());
            assertEquals(recorded, history(service, 1).size());
        }
    }

    @Test
    void aRetryWithTheSameKeyGetsTheSameAnswerAndChangesNothingMore() {
        try (RunningService service = RunningService.start(newBackend())) {
            service.patch("/v1/inventory/3", "{\"quantity\": 4}");
            HttpRequest sale = post(service, "/v1/inventory/3/adjustments", "{\"delta\": -1}",
                    "Idempotency-Key", "\"sale-3-0001\"");

            HttpResponse<String> first = service.send(sale);
            HttpResponse<String> retry = service.send(sale);
            HttpResponse<String> otherRequest = service.send(post(service, "/v1/inventory/3/adjustments",
                    "{\"delta\": -2}", "Idempotency-Key", "\"sale-3-0001\""));

            assertEquals(200, first.statusCode(), first.body());
            assertEquals(List.of(200, first.body(), first.headers().firstValue("ETag")),
                    List.of(retry.statusCode(), retry.body(), retry.headers().firstValue("ETag")));
            assertEquals("{\"petId\":3,\"quantity\":3,\"status\":\"sold\"}", service.get("/v1/inventory/3")
                    .body());
            assertEquals(422, otherRequest.statusCode(), otherRequest.body());
            assertEquals("4", history(service, 3).get(0).group(3), "one sale recorded, after the PATCH");
            assertEquals("4", history(service, 3).get(1).group(4));
        }
    }

    @Test
    void aPatchThatChangesNothingKeepsTheTagAndRecordsNothing() {
        try (RunningService service = RunningService.start(newBackend())) {
            HttpResponse<String> set = service.patch("/v1/inventory/4", "{\"quantity\": 30}");
            int recorded = history(service, 4).size();

            HttpResponse<String> again = service.patch("/v1/inventory/4", "{\"quantity\": 30}");

            assertEquals(200, again.statusCode());
            assertEquals(set.body(), again.body());
            assertEquals(set.headers().firstValue("ETag"), again.headers().firstValue("ETag"));
            assertEquals(recorded, history(service, 4).size());
        }
    }
}
