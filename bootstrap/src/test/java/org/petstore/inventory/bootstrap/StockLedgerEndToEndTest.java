package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The stock ledger over real HTTP on every backend: a PATCH is recorded with what it changed, when, by which key,
 * in which request and why, readable as the entry's history and in the feed, also after a restart; concurrent
 * updates are each recorded once, in the order of their versions.
 */
abstract class StockLedgerEndToEndTest {

    /** {"changeId":N,...,"at":"...","source":"api","keyId":"key-...",...} */
    static final Pattern CHANGE = Pattern.compile("\\{\"changeId\":(\\d+),\"petId\":(\\d+),\"from\":(\\d+|null),"
            + "\"to\":(\\d+),\"version\":(\\d+),\"at\":\"([^\"]+)\",\"source\":\"api\",\"keyId\":\"(key-[0-9a-f]{12})\","
            + "\"requestId\":\"([^\"]+)\",\"reason\":(null|\"[a-z]+\")}");

    /** A new, empty database on the backend under test, with the demo data enabled. */
    abstract Backend newBackend();

    @Test
    void aPatchIsRecordedAndReadAsTheEntrysHistoryAndInTheFeedAlsoAfterARestart() {
        Backend backend = newBackend();
        Instant before = Instant.now().minusSeconds(60);
        try (RunningService service = RunningService.start(backend)) {
            assertEquals(200, service.send(service.request("/v1/inventory/5").header("X-Request-Id", "restock-1")
                    .header("Content-Type", "application/json")
                    .method("PATCH", BodyPublishers.ofString("{\"quantity\": 250, \"reason\": \"arrival\"}"))
                    .build()).statusCode());
            assertEquals(200, service.patch("/v1/inventory/5", "{\"quantity\": 249}").statusCode());
        }

        try (RunningService restarted = RunningService.start(backend)) {
            HttpResponse<String> history = restarted.get("/v1/inventory/5/changes");
            assertEquals(200, history.statusCode(), history.body());
            List<MatchResult> changes = changes(history.body());
            assertEquals(2, changes.size(), history.body());
            MatchResult newest = changes.get(0);
            MatchResult oldest = changes.get(1);
            assertEquals(List.of("5", "250", "249", "3"), List.of(newest.group(2), newest.group(3), newest.group(4),
                    newest.group(5)));
            assertEquals("null", newest.group(9));
            assertEquals(List.of("5", "250", "2", "restock-1", "\"arrival\""), List.of(oldest.group(2),
                    oldest.group(4), oldest.group(5), oldest.group(8), oldest.group(9)));
            assertEquals(oldest.group(7), newest.group(7), "one key, one id");
            assertTrue(Long.parseLong(oldest.group(1)) < Long.parseLong(newest.group(1)));
            Instant at = Instant.parse(oldest.group(6));
            assertTrue(at.isAfter(before) && at.isBefore(Instant.now().plusSeconds(60)), oldest.group(6));

            HttpResponse<String> feed = restarted.get("/v1/inventory/changes?after=" + (Long.parseLong(
                    oldest.group(1)) - 1));
            assertEquals(200, feed.statusCode());
            assertEquals(List.of(oldest.group(), newest.group()), changes(feed.body()).stream().map(MatchResult::group)
                    .toList());
            assertEquals(List.of("</v1/inventory/changes?after=" + newest.group(1) + "&limit=50>; rel=\"next\""),
                    feed.headers().allValues("Link"));
        }
    }

    @Test
    void concurrentUpdatesOfOneEntryAreEachRecordedOnceChainedInTheOrderOfTheirVersions() {
        try (RunningService service = RunningService.start(newBackend())) {
            List<HttpResponse<String>> responses = service.sendConcurrently(IntStream.rangeClosed(1, 40)
                    .mapToObj(n -> service.request("/v1/inventory/9").header("Content-Type", "application/json")
                            .method("PATCH", BodyPublishers.ofString("{\"quantity\": " + (1000 + n) + "}")).build())
                    .toList());
            responses.forEach(response -> assertEquals(200, response.statusCode(), response.body()));

            List<MatchResult> changes = changes(service.get("/v1/inventory/9/changes?limit=100").body()).reversed();
            assertEquals(40, changes.size());
            for (int i = 0; i < changes.size(); i++) {
                assertEquals(String.valueOf(i + 2), changes.get(i).group(5), "versions one after the other");
                if (i > 0) {
                    assertEquals(changes.get(i - 1).group(4), changes.get(i).group(3), "each from the one before");
                }
            }
            String entry = service.get("/v1/inventory/9").body();
            assertTrue(entry.contains("\"quantity\":" + changes.getLast().group(4) + ","), entry);
        }
    }

    @Test
    void changesOlderThanTheRetentionAreRemovedAndACursorBeforeThemIs410() throws InterruptedException {
        try (RunningService service = RunningService.start(newBackend(), Map.of("petstore.ledger.retention", "1s",
                "petstore.ledger.retention-check-interval", "200ms"))) {
            assertEquals(200, service.patch("/v1/inventory/3", "{\"quantity\": 1}").statusCode());
            assertEquals(200, service.patch("/v1/inventory/3", "{\"quantity\": 2}").statusCode());
            List<MatchResult> made = changes(service.get("/v1/inventory/changes").body());
            assertEquals(2, made.size());
            String newest = made.getLast().group(1);

            // both changes removed: a cursor just before the newest has expired too
            String beforeNewest = "/v1/inventory/changes?after=" + (Long.parseLong(newest) - 1);
            for (long deadline = System.nanoTime() + 15_000_000_000L;
                 service.get(beforeNewest).statusCode() == 200 && System.nanoTime() < deadline; ) {
                Thread.sleep(200);
            }

            HttpResponse<String> expired = service.get("/v1/inventory/changes?after=0");
            assertEquals(410, expired.statusCode(), expired.body());
            assertEquals("{\"code\":\"CURSOR_EXPIRED\",\"message\":\"Changes after 0 up to " + newest + " are no "
                    + "longer kept: read the list again (GET /v1/inventory), then follow the changes after " + newest
                    + "\",\"status\":410}", expired.body());
            assertEquals("[]", service.get("/v1/inventory/changes?after=" + newest).body());
            assertEquals("[]", service.get("/v1/inventory/3/changes").body(), "the history is gone too");
        }
    }

    /** The changes of a JSON array of changes, in its order; it holds nothing else. */
    static List<MatchResult> changes(String json) {
        Matcher change = CHANGE.matcher(json);
        List<MatchResult> found = new ArrayList<>();
        int next = 1;
        while (change.find()) {
            assertEquals(next, change.start(), "nothing but changes in the array: " + json);
            found.add(change.toMatchResult());
            next = change.end() + 1;
        }
        assertEquals(json.equals("[]") ? 2 : next, json.length(), "nothing but changes in the array: " + json);
        return found;
    }
}
