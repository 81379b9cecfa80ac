package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stock ledger on PostgreSQL, and what only a shared database has: several instances of the service, whose
 * changes form one ledger in the order they were made, each read with the same key id on every instance.
 */
class PostgresqlStockLedgerEndToEndTest extends StockLedgerEndToEndTest {

    @Override
    Backend newBackend() {
        return Backend.postgresqlWithDemoData();
    }

    @Test
    void changesMadeThroughTwoInstancesFormOneLedgerThatBothServe() {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared);
             RunningService second = RunningService.start(shared)) {
            for (int round = 0; round < 5; round++) {
                assertEquals(200, first.patch("/v1/inventory/1", "{\"quantity\": " + round + "}").statusCode());
                assertEquals(200, second.patch("/v1/inventory/2", "{\"quantity\": " + round + "}").statusCode());
            }

            List<String> throughFirst = feed(first);
            List<String> throughSecond = feed(second);
            assertEquals(10, throughFirst.size());
            assertEquals(throughFirst, throughSecond, "one ledger, the same on both instances");
            List<MatchResult> changes = changes("[" + String.join(",", throughFirst) + "]");
            for (int i = 0; i < changes.size(); i++) {
                assertEquals(i % 2 == 0 ? "1" : "2", changes.get(i).group(2), "in the order they were made");
                assertTrue(i == 0 || Long.parseLong(changes.get(i - 1).group(1))
                        < Long.parseLong(changes.get(i).group(1)));
            }
            assertEquals(changes.get(0).group(7), changes.get(1).group(7), "one key, one id, on either instance");
        }
    }

    /**
     * A stream on one instance receives the changes made through another; after its instance restarts, the stream
     * resumed with Last-Event-ID receives exactly the changes made meanwhile, in order, and nothing twice.
     */
    @Test
    void aStreamFollowsChangesMadeThroughAnotherInstanceAndResumesAcrossARestart() throws Exception {
        Backend shared = newBackend();
        try (RunningService first = RunningService.start(shared)) {
            String lastId;
            try (RunningService second = RunningService.start(shared);
                 EventStream stream = EventStream.open(second, null)) {
                assertEquals(200, first.patch("/v1/inventory/4", "{\"quantity\": 41}").statusCode());
                List<String> event = stream.next();
                assertTrue(event.get(1).contains("\"petId\":4,") && event.get(1).contains("\"to\":41,"),
                        event.toString());
                lastId = event.get(0).substring("id: ".length());
            }

            assertEquals(200, first.patch("/v1/inventory/4", "{\"quantity\": 42}").statusCode());
            assertEquals(200, first.patch("/v1/inventory/5", "{\"quantity\": 43}").statusCode());

            try (RunningService restarted = RunningService.start(shared);
                 EventStream resumed = EventStream.open(restarted, lastId)) {
                List<String> missed = resumed.next();
                List<String> after = resumed.next();
                assertEquals("id: " + (Long.parseLong(lastId) + 1), missed.get(0));
                assertTrue(missed.get(1).contains("\"to\":42,"), missed.toString());
                assertEquals("id: " + (Long.parseLong(lastId) + 2), after.get(0));
                assertTrue(after.get(1).contains("\"to\":43,"), after.toString());
                assertEquals(200, first.patch("/v1/inventory/6", "{\"quantity\": 44}").statusCode());
                List<String> live = resumed.next();
                assertEquals("id: " + (Long.parseLong(lastId) + 3), live.get(0), "nothing repeated");
            }
        }
    }

    /** A live stream of the feed (Accept: text/event-stream) and its events as they arrive. */
    private static final class EventStream implements AutoCloseable {
        private final HttpClient client = HttpClient.newHttpClient();
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private Stream<String> body;

        static EventStream open(RunningService service, String lastEventId) throws Exception {
            EventStream stream = new EventStream();
            HttpRequest.Builder request = service.request("/v1/inventory/changes?after="
                    + newest(service)).header("Accept", "text/event-stream");
            if (lastEventId != null) {
                request.header("Last-Event-ID", lastEventId);
            }
            HttpResponse<Stream<String>> response = stream.client.send(request.build(), BodyHandlers.ofLines());
            assertEquals(200, response.statusCode());
            stream.body = response.body();
            Thread.ofVirtual().start(() -> {
                try {
                    stream.body.forEach(stream.lines::add);
                } catch (RuntimeException closed) {
                    // closed by the test or the service
                }
            });
            return stream;
        }

        /** The newest changeId now: a stream without Last-Event-ID follows from there. */
        private static long newest(RunningService service) {
            String link = service.get("/v1/inventory/changes?after=0&limit=500").headers().firstValue("Link")
                    .orElseThrow();
            long cursor = Long.parseLong(link.replaceAll(".*after=(\\d+).*", "$1"));
            while (true) {
                HttpResponse<String> page = service.get("/v1/inventory/changes?after=" + cursor + "&limit=500");
                long next = Long.parseLong(page.headers().firstValue("Link").orElseThrow()
                        .replaceAll(".*after=(\\d+).*", "$1"));
                if (next == cursor) {
                    return cursor;
                }
                cursor = next;
            }
        }

        /** The next event's lines (id, data), heartbeats skipped, within 10 s. */
        List<String> next() throws InterruptedException {
            List<String> event = new ArrayList<>();
            while (true) {
                String line = lines.poll(10, TimeUnit.SECONDS);
                assertNotNull(line, "no event within 10 s; got " + event);
                if (line.isEmpty()) {
                    if (!event.isEmpty()) {
                        return event;
                    }
                } else if (!line.startsWith(":")) {
                    event.add(line);
                }
            }
        }

        @Override
        public void close() {
            body.close();
            client.close();
        }
    }

    /** Every change, through the feed, page by page (of 3) by its Link. */
    private static List<String> feed(RunningService service) {
        List<String> all = new ArrayList<>();
        String next = "/v1/inventory/changes?after=0&limit=3";
        while (true) {
            HttpResponse<String> page = service.get(next);
            assertEquals(200, page.statusCode(), page.body());
            List<MatchResult> changes = changes(page.body());
            if (changes.isEmpty()) {
                return all;
            }
            changes.forEach(change -> all.add(change.group()));
            String link = page.headers().firstValue("Link").orElseThrow();
            next = link.substring(1, link.indexOf('>'));
        }
    }
}
