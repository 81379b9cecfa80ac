/*
 * LedgerStreams - the stock ledger's live streams under load: STREAMS clients follow GET /v1/inventory/changes
 * (Accept: text/event-stream) while PATCHes are sent at RATE a second for SECONDS; prints one line of figures.
 * Run with the JDK's source launcher (no build):
 *   java LedgerStreams.java URL KEY [STREAMS] [RATE] [SECONDS] [PETS] [WARMUP_SECONDS]
 *
 * First WARMUP_SECONDS (default 5) of the same load, not counted, so that the service and this client are measured
 * compiled rather than while their JIT compilers are at work. The PATCHes are sent open-loop: each is started at its
 * time on a virtual thread of its own, whatever the answers to the earlier ones take (at most 1,000 in flight), so the
 * rate offered is RATE and rate_achieved is what the service took. The PATCHes go through one HttpClient, the streams
 * through their own, one per 25 streams (each JDK HttpClient reads all its connections on one selector thread).
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public class LedgerStreams {

    private static final Pattern NEXT = Pattern.compile("after=(\\d+)");
    private static final int STREAMS_PER_CLIENT = 25;
    private static final int MAX_IN_FLIGHT = 1000;

    /** What one stream received: the arrival time of each change, by its key, and order problems. */
    static final class Follower {
        final Map<Long, Long> arrivals = new ConcurrentHashMap<>();
        final AtomicLong duplicates = new AtomicLong();
        final AtomicLong outOfOrder = new AtomicLong();
        volatile long lastId;
    }

    /** What the writers made: the time each change's PATCH was answered, by its key; failures; PATCH latencies. */
    static final class Writes {
        final Map<Long, Long> committed = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
        final AtomicLong failures = new AtomicLong();
        /** Each failure's kind (the status, or the exception's class), counted: printed to standard error. */
        final Map<String, Long> failureKinds = new ConcurrentHashMap<>();

        void failed(String kind) {
            failures.incrementAndGet();
            failureKinds.merge(kind, 1L, Long::sum);
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String key = args[1];
        int streams = args.length > 2 ? Integer.parseInt(args[2]) : 100;
        int rate = args.length > 3 ? Integer.parseInt(args[3]) : 1000;
        int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 10;
        int pets = args.length > 5 ? Integer.parseInt(args[5]) : 12;
        int warmup = args.length > 6 ? Integer.parseInt(args[6]) : 5;
        HttpClient writer = client();

        long cursor = newest(writer, url, key);
        List<Follower> followers = new ArrayList<>();
        List<Stream<String>> bodies = new ArrayList<>();
        CountDownLatch opened = new CountDownLatch(streams);
        HttpClient reader = null;
        for (int i = 0; i < streams; i++) {
            if (i % STREAMS_PER_CLIENT == 0) {
                reader = client();
            }
            Follower follower = new Follower();
            followers.add(follower);
            HttpResponse<Stream<String>> response = reader.send(HttpRequest.newBuilder(
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

        if (warmup > 0) {
            write(writer, url, key, rate, warmup, pets, new Writes());
            Thread.sleep(1000); // the warm-up's last changes arrive before the measured ones are made
        }
        Writes writes = new Writes();
        long start = System.nanoTime();
        write(writer, url, key, rate, seconds, pets, writes);
        double achieved = writes.committed.size() / ((System.nanoTime() - start) / 1e9);
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
            for (Map.Entry<Long, Long> change : writes.committed.entrySet()) {
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
        long[] patches = writes.latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf("streams=%d rate_target=%d seconds=%d warmup_s=%d changes=%d rate_achieved=%.0f "
                        + "patch_failures=%d patch_p50_ms=%.1f patch_p99_ms=%.1f delivered=%d expected=%d missing=%d "
                        + "duplicates=%d out_of_order=%d latency_p50_ms=%.1f latency_p99_ms=%.1f latency_max_ms=%.1f%n",
                streams, rate, seconds, warmup, writes.committed.size(), achieved, writes.failures.get(),
                percentile(patches, 0.50), percentile(patches, 0.99), delivered,
                (long) writes.committed.size() * streams, missing, duplicates, outOfOrder, percentile(sorted, 0.50),
                percentile(sorted, 0.99), sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6);
        if (!writes.failureKinds.isEmpty()) {
            System.err.println("PATCH failures by kind: " + writes.failureKinds);
        }
        System.exit(0);
    }

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /**
     * RATE PATCHes a second for SECONDS, open-loop: the n-th is started at start + n / RATE on a virtual thread of its
     * own, whatever the earlier ones take (when MAX_IN_FLIGHT are unanswered, the next waits for one); returns when
     * every one is answered.
     */
    private static void write(HttpClient client, String url, String key, int rate, int seconds, int pets,
                              Writes writes) throws InterruptedException {
        Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        long total = (long) rate * seconds;
        long start = System.nanoTime();
        for (long n = 0; n < total; n++) {
            long wait = start + n * 1_000_000_000L / rate - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(Duration.ofNanos(wait));
            }
            inFlight.acquire();
            int pet = (int) (n % pets) + 1;
            int quantity = (int) (n % 1000);
            Thread.ofVirtual().start(() -> {
                try {
                    long sent = System.nanoTime();
                    HttpResponse<String> answer = client.send(HttpRequest.newBuilder(
                                    URI.create(url + "/v1/inventory/" + pet))
                            .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                            .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"quantity\": " + quantity + "}"))
                            .build(), HttpResponse.BodyHandlers.ofString());
                    long now = System.nanoTime();
                    String tag = answer.headers().firstValue("ETag").orElse("");
                    int dot = tag.indexOf('.');
                    if (answer.statusCode() == 200 && dot > 1) {
                        writes.committed.put(changeKey(Long.parseLong(tag.substring(1, dot)),
                                Long.parseLong(tag.substring(dot + 1, tag.length() - 1))), now);
                        writes.latencies.add(now - sent);
                    } else {
                        writes.failed("status " + answer.statusCode());
                    }
                } catch (Exception e) {
                    writes.failed(e.getClass().getSimpleName());
                } finally {
                    inFlight.release();
                }
            });
        }
        inFlight.acquire(MAX_IN_FLIGHT);
    }

    /** A change's key: its pet and the entry's version after it. */
    private static long changeKey(long petId, long version) {
        return petId << 40 | version;
    }

    /** A data line: {"changeId":..,"petId":..,...,"version":..,...}; read by position, as the service writes it. */
    private static void receive(Follower follower, String line) {
        if (!line.startsWith("data: {\"changeId\":")) {
            return;
        }
        long now = System.nanoTime();
        long id = number(line, "data: {\"changeId\":".length());
        int pet = line.indexOf("\"petId\":");
        int version = line.indexOf("\"version\":");
        if (pet < 0 || version < 0) {
            return;
        }
        if (id <= follower.lastId) {
            follower.outOfOrder.incrementAndGet();
        }
        follower.lastId = Math.max(follower.lastId, id);
        long change = changeKey(number(line, pet + "\"petId\":".length()),
                number(line, version + "\"version\":".length()));
        if (follower.arrivals.putIfAbsent(change, now) != null) {
            follower.duplicates.incrementAndGet();
        }
    }

    private static long number(String line, int from) {
        long value = 0;
        for (int i = from; i < line.length() && Character.isDigit(line.charAt(i)); i++) {
            value = value * 10 + (line.charAt(i) - '0');
        }
        return value;
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
