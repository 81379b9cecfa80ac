/*
 * LedgerStreams - the stock ledger's live streams under load: STREAMS clients follow GET /v1/inventory/changes
 * (Accept: text/event-stream) while PATCHes are sent at RATE a second for SECONDS; prints one line of figures.
 * Run with the JDK's source launcher (no build):
 *   java LedgerStreams.java URL KEY [STREAMS] [RATE] [SECONDS] [PETS] [WARMUP_SECONDS]
 *
 * First WARMUP_SECONDS (default 30) of the same load, not counted, so that the service and this client are measured
 * compiled rather than while their JIT compilers are at work. The PATCHes are sent open-loop: each is started at its
 * time on a virtual thread of its own, whatever the answers to the earlier ones take (at most 1,000 in flight), so the
 * rate offered is RATE and rate_achieved is what the service took. The PATCHes and the streams go over plain HTTP/1.1
 * connections (Connection below): the PATCHes over keep-alive connections taken from a pool, each stream over its own,
 * read by a virtual thread of its own.
 *
 * Every change is identified by (petId, version): a PATCH's answer carries the entry's new version (its ETag), a
 * streamed change its petId and version. Latency is from the PATCH's answer (the change is committed by then) to the
 * event's arrival at a stream, so it is what a follower waits after the writer knew. Checked per stream: every change
 * made arrives exactly once, and the changeIds arrive in increasing order.
 */
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.function.Consumer;
import java.util.regex.Pattern;

public class LedgerStreams {

    private static final Pattern NEXT = Pattern.compile("after=(\\d+)");
    private static final int MAX_IN_FLIGHT = 1000;

    /**
     * One HTTP/1.1 connection on a plain socket, with just the HTTP the measurement needs: a request, its answer's
     * status, headers and Content-Length body, or a chunked body cut into lines (an event stream). It costs the shared
     * machine a fraction of the CPU the JDK's HttpClient takes for the same requests and streams, which is left to the
     * service that is measured.
     */
    static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;
        private final OutputStream out;
        private final byte[] buffer = new byte[1 << 16];
        private int position;
        private int limit;

        Connection(URI base) throws IOException {
            socket = new Socket(base.getHost(), base.getPort());
            socket.setTcpNoDelay(true);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        }

        /** Sends a request: its method, path and headers (each ending in CRLF), and its body. */
        void send(String method, String pathAndQuery, String headers, String body) throws IOException {
            byte[] content = body.getBytes(StandardCharsets.UTF_8);
            out.write((method + " " + pathAndQuery + " HTTP/1.1\r\nHost: localhost\r\n" + headers
                    + (content.length > 0 ? "Content-Length: " + content.length + "\r\n" : "") + "\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
        }

        /** The answer's status code and headers (names in lower case); its body is read next. */
        Map<String, String> readHead() throws IOException {
            String status = line();
            Map<String, String> headers = new HashMap<>();
            headers.put(":status", status.length() >= 12 ? status.substring(9, 12) : status);
            for (String header = line(); !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(header.substring(0, colon).toLowerCase(Locale.ROOT), header.substring(colon + 1).strip());
            }
            return headers;
        }

        /** Skips a Content-Length body. */
        void skipBody(Map<String, String> head) throws IOException {
            for (int n = Integer.parseInt(head.getOrDefault("content-length", "0")); n > 0; n--) {
                read();
            }
        }

        /** Hands every line of a chunked body to {@code lines} (without its line end) until the body ends. */
        void forEachLine(Consumer<String> lines) throws IOException {
            byte[] line = new byte[1 << 12];
            int length = 0;
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                for (int i = 0; i < size; i++) {
                    int b = read();
                    if (b == '\n') {
                        lines.accept(new String(line, 0, length, StandardCharsets.UTF_8));
                        length = 0;
                    } else if (b != '\r') {
                        if (length == line.length) {
                            line = Arrays.copyOf(line, length * 2);
                        }
                        line[length++] = (byte) b;
                    }
                }
                if (read() != '\r' || read() != '\n') {
                    throw new IOException("a chunk does not end with CRLF");
                }
            }
        }

        private int chunkSize() throws IOException {
            String line = line();
            int extension = line.indexOf(';');
            return Integer.parseInt(extension < 0 ? line : line.substring(0, extension), 16);
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            for (int b = read(); b != '\n'; b = read()) {
                if (b != '\r') {
                    line.append((char) b);
                }
            }
            return line.toString();
        }

        private int read() throws IOException {
            if (position == limit) {
                limit = in.read(buffer);
                position = 0;
                if (limit < 0) {
                    throw new EOFException("the connection was closed");
                }
            }
            return buffer[position++] & 0xff;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * What one stream received, written by its reading thread only: each change's key and arrival time, in the order
     * they arrived (looked into after the run, so that reading a stream costs little more than the read), and how
     * often a changeId was not larger than the one before it.
     */
    static final class Follower {
        long[] arrivals = new long[1 << 16];
        int length;
        long outOfOrder;
        long lastId;

        void arrived(long change, long now) {
            if (length == arrivals.length) {
                arrivals = Arrays.copyOf(arrivals, length * 2);
            }
            arrivals[length++] = change;
            arrivals[length++] = now;
        }
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
        int warmup = args.length > 6 ? Integer.parseInt(args[6]) : 30;
        URI base = URI.create(url);
        long cursor = newest(base, key);
        Queue<Connection> writers = new ConcurrentLinkedQueue<>();
        List<Follower> followers = new ArrayList<>();
        List<Connection> connections = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        CountDownLatch opened = new CountDownLatch(streams);
        for (int i = 0; i < streams; i++) {
            Follower follower = new Follower();
            followers.add(follower);
            Connection stream = new Connection(base);
            connections.add(stream);
            stream.send("GET", "/v1/inventory/changes?after=" + cursor,
                    "Authorization: Bearer " + key + "\r\nAccept: text/event-stream\r\n", "");
            Map<String, String> head = stream.readHead();
            if (!head.get(":status").equals("200") || !"chunked".equals(head.get("transfer-encoding"))) {
                throw new IllegalStateException("stream " + i + ": " + head);
            }
            readers.add(Thread.ofVirtual().start(() -> {
                opened.countDown();
                try {
                    stream.forEachLine(line -> receive(follower, line));
                } catch (IOException closed) {
                    // closed at the end
                }
            }));
        }
        opened.await();

        if (warmup > 0) {
            write(writers, base, key, rate, warmup, pets, new Writes());
            Thread.sleep(1000); // the warm-up's last changes arrive before the measured ones are made
        }
        Writes writes = new Writes();
        long start = System.nanoTime();
        write(writers, base, key, rate, seconds, pets, writes);
        double achieved = writes.committed.size() / ((System.nanoTime() - start) / 1e9);
        Thread.sleep(3000); // time for the last changes to arrive
        for (Connection connection : connections) {
            connection.close();
        }
        for (Thread thread : readers) {
            thread.join();
        }

        long delivered = 0;
        long missing = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        List<Long> latencies = new ArrayList<>();
        for (Follower follower : followers) {
            outOfOrder += follower.outOfOrder;
            Map<Long, Long> arrivals = new HashMap<>();
            for (int i = 0; i < follower.length; i += 2) {
                if (arrivals.putIfAbsent(follower.arrivals[i], follower.arrivals[i + 1]) != null) {
                    duplicates++;
                }
            }
            for (Map.Entry<Long, Long> change : writes.committed.entrySet()) {
                Long arrival = arrivals.get(change.getKey());
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

    /**
     * RATE PATCHes a second for SECONDS, open-loop: the n-th is started at start + n / RATE on a virtual thread of its
     * own, whatever the earlier ones take (when MAX_IN_FLIGHT are unanswered, the next waits for one), on an idle
     * keep-alive connection of {@code idle} or a new one; returns when every one is answered.
     */
    private static void write(Queue<Connection> idle, URI base, String key, int rate, int seconds, int pets,
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
                Connection connection = idle.poll();
                try {
                    long sent = System.nanoTime();
                    if (connection == null) {
                        connection = new Connection(base);
                    }
                    connection.send("PATCH", "/v1/inventory/" + pet, "Authorization: Bearer " + key
                            + "\r\nContent-Type: application/json\r\n", "{\"quantity\": " + quantity + "}");
                    Map<String, String> answer = connection.readHead();
                    connection.skipBody(answer);
                    long now = System.nanoTime();
                    String tag = answer.getOrDefault("etag", "");
                    int dot = tag.indexOf('.');
                    if (answer.get(":status").equals("200") && dot > 1) {
                        writes.committed.put(changeKey(Long.parseLong(tag.substring(1, dot)),
                                Long.parseLong(tag.substring(dot + 1, tag.length() - 1))), now);
                        writes.latencies.add(now - sent);
                    } else {
                        writes.failed("status " + answer.get(":status"));
                    }
                    // back to the pool last: a failure above closes it below, and no other PATCH may have it then
                    if ("close".equalsIgnoreCase(answer.get("connection"))) {
                        connection.close();
                    } else {
                        idle.add(connection);
                    }
                } catch (Exception e) {
                    writes.failed(e.getClass().getSimpleName());
                    if (connection != null) {
                        try {
                            connection.close();
                        } catch (IOException ignored) {
                            // failed already
                        }
                    }
                } finally {
                    inFlight.release();
                }
            });
        }
        inFlight.acquire(MAX_IN_FLIGHT);
    }

    /** A change's key: the entry's version after it and its pet (below 2^20), whose hash codes seldom collide. */
    private static long changeKey(long petId, long version) {
        return version << 20 | petId;
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
            follower.outOfOrder++;
        }
        follower.lastId = Math.max(follower.lastId, id);
        follower.arrived(changeKey(number(line, pet + "\"petId\":".length()),
                number(line, version + "\"version\":".length())), now);
    }

    private static long number(String line, int from) {
        long value = 0;
        for (int i = from; i < line.length() && Character.isDigit(line.charAt(i)); i++) {
            value = value * 10 + (line.charAt(i) - '0');
        }
        return value;
    }

    /** The newest changeId now: the feed followed by its Link until it brings nothing new. */
    private static long newest(URI base, String key) throws Exception {
        long cursor = 0;
        try (Connection connection = new Connection(base)) {
            while (true) {
                connection.send("GET", "/v1/inventory/changes?limit=500&after=" + cursor,
                        "Authorization: Bearer " + key + "\r\n", "");
                Map<String, String> page = connection.readHead();
                connection.skipBody(page);
                Matcher next = NEXT.matcher(page.getOrDefault("link", ""));
                if (!next.find()) {
                    throw new IllegalStateException("the feed answered " + page);
                }
                long after = Long.parseLong(next.group(1));
                if (after == cursor) {
                    return cursor;
                }
                cursor = after;
            }
        }
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
