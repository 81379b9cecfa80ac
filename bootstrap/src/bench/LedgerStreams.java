/*
 * LedgerStreams - the stock ledger's live streams under load: STREAMS clients follow GET /v1/inventory/changes
 * (Accept: text/event-stream) while PATCHes are sent at RATE a second for SECONDS; prints one line of figures.
 * Run with the JDK's source launcher (no build): java LedgerStreams.java URL KEY [STREAMS] [RATE] [SECONDS] [PETS]
 *
 * Every change is identified by (petId, version): a PATCH's answer carries the entry's new version (its ETag), a
 * streamed change its petId and version. Latency is from the PATCH's answer (the change is committed by then) to the
 * event's arrival at a stream, so it is what a follower waits after the writer knew. Checked per stream: every change
 * made arrives exactly once, and the changeIds arrive in increasing order.
 */
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public class LedgerStreams {

    private static final Pattern CHANGE = Pattern.compile("\"changeId\":(\\d+),\"petId\":(\\d+),.*\"version\":(\\d+),");
    private static final Pattern NEXT = Pattern.compile("after=(\\d+)");

    /** What one stream received: the arrival time of each change, by "petId.version", and order problems. */
    static final class Follower {
        final Map<String, Long> arrivals = new ConcurrentHashMap<>();
        final AtomicLong duplicates = new AtomicLong();
        final AtomicLong outOfOrder = new AtomicLong();
        volatile long lastId;
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String key = args[1];
        int streams = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int rate = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        int pets = args.length > 5 ? Integer.parseInt(args[5]) : 12;
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();

        long cursor = newest(client, url, key);
        List<Follower> followers = new ArrayList<>();
        List<Stream<String>> bodies = new ArrayList<>();
        CountDownLatch opened = new CountDownLatch(streams);
        for (int i = 0; i < streams; i++) {
            Follower follower = new Follower();
            followers.add(follower);
            HttpResponse<Stream<String>> response = client.send(HttpRequest.newBuilder(
                            URI.create(url + "/v1/inventory/changes?after=" + cursor))
                    .header("Authorization", "Bearer " + key).header("Accept", "text/event-stream").build(),
                    HttpResponse.BodyHandlers.ofLines());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("stream " + i + ": " + response.statusCode());
            }
            bodies.add(response.body());
            Thread.ofVirtual().start(() -> {
                opened.countDown();
                try {
                    response.body().forEach(line -> receive(follower, line));
                } catch (RuntimeException closed) {
                    // closed at the end
                }
            });
        }
        opened.await();

        // the writers: RATE PATCHes a second, spread over 64 virtual threads, each on its own schedule
        Map<String, Long> committed = new ConcurrentHashMap<>();
        AtomicLong failures = new AtomicLong();
        int writers = 64;
        long intervalNanos = 1_000_000_000L * writers / rate;
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(Thread.ofVirtual().start(() -> {
                long next = start + intervalNanos * writer / writers;
                int n = 0;
                while (next < end) {
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        try {
                            Thread.sleep(Duration.ofNanos(wait));
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    int pet = (writer + n++ * writers) % pets + 1;
                    try {
                        HttpResponse<String> answer = client.send(HttpRequest.newBuilder(
                                        URI.create(url + "/v1/inventory/" + pet))
                                .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"quantity\": " + n + "}"))
                                .build(), HttpResponse.BodyHandlers.ofString());
                        long now = System.nanoTime();
                        String tag = answer.headers().firstValue("ETag").orElse("");
                        if (answer.statusCode() == 200 && tag.length() > 2) {
                            committed.put(tag.substring(1, tag.length() - 1), now);
                        } else {
                            failures.incrementAndGet();
                        }
                    } catch (Exception e) {
                        failures.incrementAndGet();
                    }
                    next += intervalNanos;
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        double achieved = committed.size() / ((System.nanoTime() - start) / 1e9);
        Thread.sleep(3000); // time for the last changes to arrive
        bodies.forEach(Stream::close);

        long delivered = 0;
        long missing = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        List<Long> latencies = new ArrayList<>();
        for (Follower follower : followers) {
            duplicates += follower.duplicates.get();
            outOfOrder += follower.outOfOrder.get();
            for (Map.Entry<String, Long> change : committed.entrySet()) {
                Long arrival = follower.arrivals.get(change.getKey());
                if (arrival == null) {
                    missing++;
                } else {
                    delivered++;
                    latencies.add(Math.max(0, arrival - change.getValue()));
                }
            }
        }
        long[] sorted = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("streams=%d rate_target=%d seconds=%d changes=%d rate_achieved=%.0f patch_failures=%d "
                        + "delivered=%d expected=%d missing=%d duplicates=%d out_of_order=%d latency_p50_ms=%.1f "
                        + "latency_p99_ms=%.1f latency_max_ms=%.1f%n",
                streams, rate, seconds, committed.size(), achieved, failures.get(), delivered,
                (long) committed.size() * streams, missing, duplicates, outOfOrder, percentile(sorted, 0.50),
                percentile(sorted, 0.99), sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6);
        System.exit(0);
    }

    private static void receive(Follower follower, String line) {
        if (!line.startsWith("data: ")) {
            return;
        }
        long now = System.nanoTime();
        Matcher change = CHANGE.matcher(line);
        if (!change.find()) {
            return;
        }
        long id = Long.parseLong(change.group(1));
        if (id <= follower.lastId) {
            follower.outOfOrder.incrementAndGet();
        }
        follower.lastId = Math.max(follower.lastId, id);
        if (follower.arrivals.putIfAbsent(change.group(2) + "." + change.group(3), now) != null) {
            follower.duplicates.incrementAndGet();
        }
    }

    /** The newest changeId now: the feed followed by its Link until it brings nothing new. */
    private static long newest(HttpClient client, String url, String key) throws Exception {
        long cursor = 0;
        while (true) {
            HttpResponse<String> page = client.send(HttpRequest.newBuilder(
                            URI.create(url + "/v1/inventory/changes?limit=500&after=" + cursor))
                    .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
            Matcher next = NEXT.matcher(page.headers().firstValue("Link").orElseThrow());
            next.find();
            long after = Long.parseLong(next.group(1));
            if (after == cursor) {
                return cursor;
            }
            cursor = after;
        }
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
