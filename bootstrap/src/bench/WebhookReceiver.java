// WebhookReceiver.java - the receiver of benchmark.sh --webhooks: a single-file Java program, run as
// `java WebhookReceiver.java PORT`, serving HTTP/1.1 (keep-alive, Content-Length or chunked bodies) on plain sockets,
// a platform thread per connection. Not the JDK's HttpServer: at the sender's 50 deliveries a second it took 1.5 to
// 1.8 ms of CPU per delivery on this 2-core machine (0.1 ms at 10,000 a second), CPU taken from the sender it
// measures; this takes about 0.4 ms. It answers every delivery (POST /) 204 at once, and for every change
// a delivery carries it counts the change, a duplicate (a changeId seen before), a gap (a delivery whose
// previousChangeId is not the last changeId it received) and its latency: from the "at" of the delivery's first
// (oldest) change to the delivery's arrival, both on this host's clock, an upper bound for each change it carries
// (reading every change's time would cost this process, on the sender's machine, more CPU than the sender spends).
// It does not verify signatures: the tests do that; this measures the sender.
//
//   GET  /stats  one line: changes= deliveries= dupes= gaps= p50_ms= p99_ms= max_ms= changes_per_s= last_change_id=
//                changes_per_s: changes received between the first and the last arrival since the reset
//   POST /reset  forgets the counts, the latencies and the last change (not the changes seen: a duplicate is still one)
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.BitSet;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class WebhookReceiver {

    private static final Pattern CHANGE = Pattern.compile("\"changeId\":(\\d+)");
    private static final Pattern AT = Pattern.compile("\"at\":\"([^\"]+)\"");
    private static final Pattern PREVIOUS = Pattern.compile("\"previousChangeId\":(\\d+)");
    private static final int BUCKETS = 120_000;   // latencies in milliseconds, up to two minutes

    private static final BitSet seen = new BitSet();
    private static long[] latencies = new long[BUCKETS + 1];
    private static long changes, deliveries, dupes, gaps, lastChangeId = -1, firstArrival, lastArrival, maxMillis;

    public static void main(String[] args) throws IOException {
        try (ServerSocket server = new ServerSocket(Integer.parseInt(args[0]), 256, InetAddress.getLoopbackAddress())) {
            System.err.println("WebhookReceiver listening on 127.0.0.1:" + args[0]);
            while (true) {
                Socket connection = server.accept();
                Thread.ofPlatform().daemon().start(() -> serve(connection));
            }
        }
    }

    /** The requests of one connection, one after the other, until the client closes it or asks to. */
    private static void serve(Socket socket) {
        try (socket; InputStream in = new BufferedInputStream(socket.getInputStream(), 65_536);
             OutputStream out = socket.getOutputStream()) {
            socket.setTcpNoDelay(true);
            for (String requestLine; (requestLine = line(in)) != null; ) {
                String[] parts = requestLine.split(" ");
                String path = parts.length > 1 ? parts[1] : "/";
                int length = 0;
                boolean chunked = false, close = false;
                for (String header; !(header = line(in)).isEmpty(); ) {
                    int colon = header.indexOf(':');
                    String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                    String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
                    switch (name) {
                        case "content-length" -> length = Integer.parseInt(value);
                        case "transfer-encoding" -> chunked = value.contains("chunked");
                        case "connection" -> close = value.equals("close");
                        default -> { }
                    }
                }
                byte[] body = chunked ? chunks(in) : in.readNBytes(length);
                long arrival = System.currentTimeMillis();
                String answer = null;
                if (path.equals("/stats")) {
                    answer = stats();
                } else if (path.equals("/reset")) {
                    reset();
                } else {
                    receive(new String(body, StandardCharsets.UTF_8), arrival);
                }
                byte[] bytes = answer == null ? new byte[0] : answer.getBytes(StandardCharsets.UTF_8);
                out.write((answer == null ? "HTTP/1.1 204 No Content\r\n\r\n"
                        : "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.write(bytes);
                out.flush();
                if (close) {
                    return;
                }
            }
        } catch (IOException | RuntimeException e) {
            // the client went away, or sent what this receiver does not read: the connection ends
        }
    }

    /** One line of the request's head without its CRLF; null at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) != -1; ) {
            if (c == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) c);
        }
        return line.isEmpty() ? null : line.toString();
    }

    private static byte[] chunks(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size; (size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) > 0; ) {
            body.write(in.readNBytes(size));
            line(in);
        }
        while (!line(in).isEmpty()) {
            // trailers
        }
        return body.toByteArray();
    }

    private static synchronized void receive(String body, long arrival) {
        deliveries++;
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
        changes = deliveries = dupes = gaps = firstArrival = lastArrival = maxMillis = 0;
        lastChangeId = -1;   // a new subscription starts at the ledger's head, not where the last one stopped
    }

    private static synchronized String stats() {
        double seconds = (lastArrival - firstArrival) / 1000.0;
        return "changes=" + changes + " deliveries=" + deliveries + " dupes=" + dupes + " gaps=" + gaps
                + " p50_ms=" + percentile(0.50) + " p99_ms=" + percentile(0.99) + " max_ms=" + maxMillis
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
