package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stock ledger's feed as a live stream of Server-Sent Events ({@code Accept: text/event-stream}) over the
 * in-memory ledger: the changes after the cursor, then each new one as it is made, resumed after
 * {@code Last-Event-ID}, with heartbeat comments; the JSON feed on the same address is unchanged.
 */
class StockChangeStreamTest extends HttpAdapterTest {

    private final HttpClient client = HttpClient.newHttpClient();
    private final List<Stream<String>> open = new ArrayList<>();

    @AfterEach
    void closeStreams() {
        open.forEach(Stream::close);
        client.close();
    }

    /** The lines of an open stream, as they arrive. */
    private BlockingQueue<String> stream(String query, String lastEventId) throws Exception {
        return stream(query, lastEventId, ApiClient.KEY);
    }

    /** The lines of a stream opened with this key, as they arrive. */
    private BlockingQueue<String> stream(String query, String lastEventId, String key) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api.server().getURL()
                        + "/v1/inventory/changes" + query))
                .header("Authorization", "Bearer " + key)
                .header("Accept", "text/event-stream");
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        HttpResponse<Stream<String>> response = client.send(request.build(), BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(""));
        open.add(response.body());
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try {
                response.body().forEach(lines::add);
            } catch (RuntimeException closed) {
                // the test closed the stream
            }
        });
        return lines;
    }

    /** The next event's id and data lines, skipping heartbeats, within 5 s. */
    private static List<String> nextEvent(BlockingQueue<String> lines) throws InterruptedException {
        List<String> event = new ArrayList<>();
        while (true) {
            String line = lines.poll(5, TimeUnit.SECONDS);
            assertNotNull(line, "no event within 5 s; got " + event);
            if (line.isEmpty()) {
                if (!event.isEmpty()) {
                    return event;
                }
            } else if (!line.startsWith(":")) {
                event.add(line);
            }
        }
    }

    private void patch(long petId, int quantity) {
        assertEquals(200, api.patch("/v1/inventory/" + petId).authorized().header("X-Request-Id", "r-" + quantity)
                .json("{\"quantity\":" + quantity + "}").send().status());
    }

    private String json(long changeId) {
        return "data: " + api.get("/v1/inventory/changes?after=" + (changeId - 1) + "&limit=1").authorized().send()
                .body().replaceAll("^\\[|]$", "");
    }

    @Test
    void aStreamSendsTheChangesAfterItsCursorThenEachNewOneAsItIsMade() throws Exception {
        patch(1, 5);
        patch(2, 6);
        BlockingQueue<String> lines = stream("?after=1", null);

        assertEquals(List.of("id: 2", json(2)), nextEvent(lines));
        patch(10, 7);
        assertEquals(List.of("id: 3", json(3)), nextEvent(lines));
    }

    @Test
    void aReadOnlyManagedKeyFollowsTheStream() throws Exception {
        patch(1, 5);
        BlockingQueue<String> lines = stream("?after=0", null, keys.secretOf("storefront"));

        assertEquals(List.of("id: 1", json(1)), nextEvent(lines));
        patch(2, 6);
        assertEquals(List.of("id: 2", json(2)), nextEvent(lines));
    }

    @Test
    void aStreamResumesAfterLastEventIdMissingAndRepeatingNothing() throws Exception {
        patch(1, 5);
        patch(1, 6);
        patch(1, 7);

        BlockingQueue<String> lines = stream("?after=0", "2");

        assertEquals(List.of("id: 3", json(3)), nextEvent(lines));
        patch(2, 8);
        assertEquals(List.of("id: 4", json(4)), nextEvent(lines));
    }

    @Test
    void anIdleStreamGetsHeartbeatComments() throws Exception {
        BlockingQueue<String> lines = stream("", null);

        assertEquals(": the changes after 0", lines.poll(5, TimeUnit.SECONDS), "the stream opens at once");
        String line = lines.poll(5, TimeUnit.SECONDS);
        while ("".equals(line)) {
            line = lines.poll(5, TimeUnit.SECONDS);
        }
        assertEquals(": heartbeat", line);
    }

    @Test
    void aCursorThatRetentionOvertookIs410BeforeTheStreamOpensAndABadOneIs400() {
        patch(1, 5);
        patch(1, 6);
        inventory.removeChangesThrough(1);

        assertError(api.get("/v1/inventory/changes?after=0").authorized().header("Accept", "text/event-stream")
                .send(), 410, "CURSOR_EXPIRED", "Changes after 0 up to 1 are no longer kept: read the list again "
                + "(GET /v1/inventory), then follow the changes after 2");
        assertError(api.get("/v1/inventory/changes").authorized().header("Accept", "text/event-stream")
                .header("Last-Event-ID", "x1").send(), 400, "VALIDATION_FAILED",
                "Last-Event-ID must be a changeId, an integer from 0 to 9223372036854775807, got x1");
    }

    @Test
    void withoutTheEventStreamTheFeedIsTheJsonPage() {
        patch(1, 5);

        ApiResponse page = api.get("/v1/inventory/changes").authorized().header("Accept", "application/json").send();
        assertEquals(200, page.status());
        assertTrue(page.body().startsWith("[{\"changeId\":1,"), page.body());
    }
}
