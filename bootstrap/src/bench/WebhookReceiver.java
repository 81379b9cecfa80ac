// WebhookReceiver.java - the receiver of benchmark.sh --webhooks: a single-file Java program on the JDK's own HTTP
// server, run as `java WebhookReceiver.java PORT`. It answers every delivery (POST /) 204 at once, and for every change
// a delivery carries it counts the change, a duplicate (a changeId seen before), a gap (a delivery whose
// previousChangeId is not the last changeId it received) and its latency: from the "at" of the delivery's first
// (oldest) change to the delivery's arrival, both on this host's clock, an upper bound for each change it carries
// (reading every change's time would cost this process, on the sender's machine, more CPU than the sender spends).
// It does not verify signatures: the tests do that; this measures the sender.
//
//   GET  /stats  one line: changes= dupes= gaps= p50_ms= p99_ms= max_ms= changes_per_s= last_change_id=
//                changes_per_s: changes received between the first and the last arrival since the reset
//   POST /reset  forgets the counts, the latencies and the last change (not the changes seen: a duplicate is still one)
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.BitSet;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class WebhookReceiver {

    private static final Pattern CHANGE = Pattern.compile("\"changeId\":(\\d+)");
    private static final Pattern AT = Pattern.compile("\"at\":\"([^\"]+)\"");
    private static final Pattern PREVIOUS = Pattern.compile("\"previousChangeId\":(\\d+)");
    private static final int BUCKETS = 120_000;   // latencies in milliseconds, up to two minutes

    private static final BitSet seen = new BitSet();
    private static long[] latencies = new long[BUCKETS + 1];
    private static long changes, dupes, gaps, lastChangeId = -1, firstArrival, lastArrival, maxMillis;

    public static void main(String[] args) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 256);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", WebhookReceiver::handle);
        server.start();
        System.err.println("WebhookReceiver listening on 127.0.0.1:" + args[0]);
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            long arrival = System.currentTimeMillis();
            String answer = null;
            if (path.equals("/stats")) {
                answer = stats();
            } else if (path.equals("/reset")) {
                reset();
            } else {
                receive(new String(body, StandardCharsets.UTF_8), arrival);
            }
            if (answer == null) {
                exchange.sendResponseHeaders(204, -1);
            } else {
                byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
        }
    }

    private static synchronized void receive(String body, long arrival) {
        Matcher previous = PREVIOUS.matcher(body);
        if (previous.find() && lastChangeId >= 0 && Long.parseLong(previous.group(1)) != lastChangeId) {
            gaps++;
        }
        Matcher change = CHANGE.matcher(body);
        long latency = -1;
        while (change.find()) {
            long id = Long.parseLong(change.group(1));
            if (seen.get((int) id)) {
                dupes++;
            }
            seen.set((int) id);
            lastChangeId = id;
            changes++;
            if (latency < 0) {   // the oldest change of the delivery: each of its changes waited at most this long
                Matcher at = AT.matcher(body);
                latency = at.find(change.end()) ? Math.max(0, arrival - Instant.parse(at.group(1)).toEpochMilli()) : 0;
                maxMillis = Math.max(maxMillis, latency);
            }
            latencies[(int) Math.min(latency, BUCKETS)]++;
        }
        if (firstArrival == 0) {
            firstArrival = arrival;
        }
        lastArrival = arrival;
    }

    private static synchronized void reset() {
        latencies = new long[BUCKETS + 1];
        changes = dupes = gaps = firstArrival = lastArrival = maxMillis = 0;
        lastChangeId = -1;   // a new subscription starts at the ledger's head, not where the last one stopped
    }

    private static synchronized String stats() {
        double seconds = (lastArrival - firstArrival) / 1000.0;
        return "changes=" + changes + " dupes=" + dupes + " gaps=" + gaps + " p50_ms=" + percentile(0.50)
                + " p99_ms=" + percentile(0.99) + " max_ms=" + maxMillis
                + " changes_per_s=" + (seconds > 0 ? Math.round(changes / seconds) : 0)
                + " last_change_id=" + lastChangeId + "\n";
    }

    private static long percentile(double p) {
        long total = 0;
        for (long count : latencies) {
            total += count;
        }
        long rank = (long) Math.ceil(total * p), sum = 0;
        for (int millis = 0; millis <= BUCKETS; millis++) {
            sum += latencies[millis];
            if (total > 0 && sum >= rank) {
                return millis;
            }
        }
        return 0;
    }
}
