package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service as an operator runs it, in a process of its own, stopped with SIGTERM while 16 keep-alive clients keep
 * it busy with GET and PATCH requests and a client follows the stock ledger's live feed: readiness turns 503, the feed
 * ends at once with a line telling its client to reconnect, requests are still answered during the drain (each with
 * {@code Connection: close}), Micronaut's graceful shutdown then closes the listener, not one request that was sent
 * goes unanswered, and the process is gone within the drain plus 5 s, having logged one line per phase and no stack
 * trace.
 *
 * <p>The clients behave as a load balancer in front makes them: they open new connections only while readiness is
 * 200 (once it is 503 the balancer sends elsewhere), and go on sending over the connections they have. "Sent" is
 * counted exactly: a request is sent once its bytes are written to a connection the client believes open. A client
 * sends one request at a time and never another on a connection whose last response announced its close, so no
 * request is lost to a close the server had announced. A connection the server drops before the request went out is
 * reported as unexpected.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class GracefulShutdownTest {

    private static final int CLIENTS = 16;
    private static final String KEY = "shutdown-test-key";
    private static final long DRAIN_MILLIS = 4000;

    @TempDir
    Path workDir;

    @Test
    void sigtermUnderSteadyLoadLeavesNoRequestUnanswered() throws Exception {
        int port = FreePort.next();
        Path log = workDir.resolve("service.log");
        Process service = start(port, log);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            awaitReady(service, port, log);
            Tally tally = new Tally();
            AtomicBoolean terminated = new AtomicBoolean();
            AtomicBoolean ready = new AtomicBoolean(true);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                running.add(clients.submit(() -> keepAliveClient(port, tally, terminated, ready, deadline)));
            }
            Future<Feed> feed = clients.submit(() -> follow(port, tally));
            // every client has had answers (the first requests of a fresh JVM are slow), then a moment of load
            long warm = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (tally.answered.get() < 2 * CLIENTS && System.nanoTime() < warm) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            TimeUnit.MILLISECONDS.sleep(500);
            int answeredBeforeTerm = tally.answered.get();

            tally.signalled = System.nanoTime();
            Instant signalledAt = Instant.now();
            terminated.set(true);
            service.destroy();
            long notReadyAfterMillis = awaitNotReady(port);
            ready.set(false);
            Feed followed = feed.get(10, TimeUnit.SECONDS);

            assertTrue(service.waitFor(30, TimeUnit.SECONDS), "the service did not stop; its log:\n" + tail(log));
            long stoppedAfterMillis = tally.sinceTerm();
            for (Future<?> client : running) {
                client.get(20, TimeUnit.SECONDS);
            }

            String summary = tally + ", readiness 503 " + notReadyAfterMillis + " ms, the feed ended "
                    + followed.endedAfterMillis() + " ms and the process stopped " + stoppedAfterMillis
                    + " ms after SIGTERM";
            List<String> logged = Files.readAllLines(log);
            System.out.println("SIGTERM under load: " + summary + "\nSIGTERM sent at " + signalledAt + "\n"
                    + shutdownLines(log));
            assertTrue(notReadyAfterMillis >= 0, "readiness was not 503 during the drain; " + summary);
            assertTrue(answeredBeforeTerm > 0, summary);
            assertEquals(0, tally.unanswered.get(), "requests sent and never answered; " + summary + "\n"
                    + String.join("\n", tally.lost) + "\nthe service's log:\n" + tail(log));
            assertEquals(List.of(), List.copyOf(tally.unexpected), summary);
            assertTrue(tally.sentAfterTerm.get() > 0, "the service kept serving during the drain; " + summary);
            assertTrue(tally.closeAfterTerm.get() > 0, "responses during the drain close; " + summary);
            assertEquals(TerminationSignal.EXIT_STATUS, service.exitValue(), tail(log));
            assertTrue(stoppedAfterMillis >= DRAIN_MILLIS, "the drain lasted " + stoppedAfterMillis + " ms");
            assertTrue(stoppedAfterMillis < DRAIN_MILLIS + 5000, "the process was not gone within the drain + 5 s; "
                    + summary);
            assertTrue(followed.body().endsWith(FAREWELL), "the feed's last line: " + followed.body());
            assertTrue(followed.endedAfterMillis() < DRAIN_MILLIS, "the feed did not end at the start of the drain; "
                    + summary);
            assertEquals(3, logged.stream().filter(line -> line.contains("Shutting down:")).count(),
                    "one line per phase:\n" + shutdownLines(log));
            assertEquals(List.of(), logged.stream()
                            .filter(line -> line.startsWith("\tat ") || line.contains("Exception")).toList(),
                    "no stack trace or exception in the log");
        } finally {
            clients.shutdownNow();
            service.destroyForcibly();
        }
    }

    /**
     * Sends requests one after the other on one connection, a new one after {@code Connection: close} (never another
     * request on a connection whose last response announced its close, so a request that goes unanswered was not sent
     * on a connection the server had announced to close). Stops once readiness was 503 and its connection closed.
     */
    private static Void keepAliveClient(int port, Tally tally, AtomicBoolean terminated, AtomicBoolean ready,
                                        long deadline) throws IOException {
        Socket socket = null;
        int answeredOnConnection = 0;
        int round = 0;
        try {
            while (System.nanoTime() < deadline) {
                if (socket == null) {
                    if (!ready.get()) {
                        // the balancer sends no new connection to an instance that is not ready
                        return null;
                    }
                    try {
                        socket = new Socket();
                        socket.connect(new InetSocketAddress("localhost", port), 2000);
                        socket.setSoTimeout(20_000);
                        answeredOnConnection = 0;
                    } catch (IOException refused) {
                        // refused, or no answer to the connection request: nothing was sent
                        if (!terminated.get()) {
                            tally.unexpected.add("connection refused before SIGTERM: " + refused);
                        }
                        return null;
                    }
                }
                boolean afterTerm = terminated.get();
                String request = round++ % 4 == 3
                        ? patch(round % 50)
                        : "GET /v1/inventory HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + KEY + "\r\n\r\n";
                String where = (answeredOnConnection == 0 ? "on a new connection"
                        : "after " + answeredOnConnection + " kept-alive response(s)")
                        + (afterTerm ? ", " + tally.sinceTerm() + " ms after SIGTERM" : ", before SIGTERM");
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException notSent) {
                    // nothing went out, but the server dropped a connection it had not announced to close
                    tally.unexpected.add("connection closed before the request went out, " + where + ": " + notSent);
                    socket.close();
                    socket = null;
                    continue;
                }
                tally.sent.incrementAndGet();
                if (afterTerm) {
                    tally.sentAfterTerm.incrementAndGet();
                }
                Response response;
                String failure;
                try {
                    response = read(socket.getInputStream());
                    failure = "the connection ended";
                } catch (IOException noAnswer) {
                    response = null;
                    failure = noAnswer.toString();
                }
                if (response == null) {
                    tally.unanswered.incrementAndGet();
                    tally.lost.add(request.substring(0, request.indexOf(' ')) + " " + where + ": " + failure);
                    socket.close();
                    socket = null;
                    continue;
                }
                tally.answered.incrementAndGet();
                answeredOnConnection++;
                if (response.status() != 200) {
                    tally.unexpected.add("status " + response.status() + " " + where);
                }
                if (response.closes()) {
                    if (afterTerm) {
                        tally.closeAfterTerm.incrementAndGet();
                    }
                    socket.close();
                    socket = null;
                }
            }
            return null;
        } finally {
            if (socket != null) {
                socket.close();
            }
        }
    }

    /** The last line of the live feed when the service shuts down. */
    private static final String FAREWELL = ": the service is shutting down: reconnect with Last-Event-ID to resume\n\n\n";

    /** Follows the live feed until it ends: its whole body, and when it ended after SIGTERM. */
    private static Feed follow(int port, Tally tally) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(("GET /v1/inventory/changes?after=0 HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer " + KEY + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            Response response = read(socket.getInputStream());
            if (response == null || response.status() != 200) {
                throw new IOException("the feed was not opened: " + response);
            }
            return new Feed(response.body(), tally.sinceTerm());
        }
    }

    private static String patch(int quantity) {
        String body = "{\"quantity\": " + quantity + "}";
        return "PATCH /v1/inventory/2 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }

    private Process start(int port, Path log) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-Xmx256m", "--enable-native-access=ALL-UNNAMED",
                ServiceProcess.OPEN_JAVA_LANG,
                // the service's own logging, not the tests' configuration
                ServiceProcess.LOGGING_AS_SHIPPED, "-cp", System.getProperty("java.class.path"),
                Application.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("PETSTORE_") || name.startsWith("DATASOURCES_"));
        environment.put("PETSTORE_PORT", String.valueOf(port));
        environment.put("PETSTORE_API_KEYS", KEY);
        environment.put("PETSTORE_DATA_DIR", workDir.resolve("data").toString());
        environment.put("PETSTORE_SHUTDOWN_DRAIN", DRAIN_MILLIS + "ms");
        environment.put("PETSTORE_SHUTDOWN_GRACE_PERIOD", "10s");
        environment.put("PETSTORE_ACCESS_LOG", "false");
        return builder.start();
    }

    private void awaitReady(Process service, int port, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            assertTrue(service.isAlive(), "the service exited at startup:\n" + tail(log));
            try {
                if (exchange(port, "GET /health/readiness HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                        .status() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        throw new AssertionError("the service was not ready within 90 s:\n" + tail(log));
    }

    /**
     * Asks for readiness on new connections until it is 503: the milliseconds from SIGTERM to the first 503, or -1
     * when the listener stopped (or 10 s passed) without one. Polled, not asked once after a fixed pause, since on a
     * busy machine the signal may take a moment to reach the service's handler.
     */
    private static long awaitNotReady(int port) throws InterruptedException {
        long started = System.nanoTime();
        while (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10)) {
            try {
                if (exchange(port, "GET /health/readiness HTTP/1.1\r\nHost: localhost\r\n\r\n").status() == 503) {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                }
            } catch (IOException listenerStopped) {
                return -1;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return -1;
    }

    private static Response exchange(int port, String request) throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            Response response = read(socket.getInputStream());
            if (response == null) {
                throw new IOException("no response");
            }
            return response;
        }
    }

    /** One HTTP/1.1 response (Content-Length or chunked body); null when the connection ends before its start. */
    private static Response read(InputStream raw) throws IOException {
        InputStream in = raw instanceof BufferedInputStream ? raw : new BufferedInputStream(raw);
        String statusLine = line(in);
        if (statusLine == null) {
            return null;
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        long length = 0;
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean chunked = false;
        boolean closes = false;
        for (String header = line(in); header != null && !header.isEmpty(); header = line(in)) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(lower.substring("content-length:".length()).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                closes = true;
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(line(in).trim(), 16); size > 0; size = Long.parseLong(line(in).trim(), 16)) {
                body.write(in.readNBytes((int) size));
                line(in);
            }
            line(in);
        } else {
            byte[] bytes = in.readNBytes((int) length);
            if (bytes.length < length) {
                throw new IOException("the body ended early");
            }
            body.write(bytes);
        }
        return new Response(status, closes, body.toString(StandardCharsets.UTF_8));
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return bytes.size() == 0 ? null : bytes.toString(StandardCharsets.ISO_8859_1);
            }
            if (b != '\r') {
                bytes.write(b);
            }
        }
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** What the service said about its shutdown. */
    private static String shutdownLines(Path log) {
        try {
            return String.join("\n", Files.readAllLines(log).stream()
                    .filter(line -> line.contains("Shutting down")).toList());
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    private record Response(int status, boolean closes, String body) {
    }

    private record Feed(String body, long endedAfterMillis) {
    }

    private static final class Tally {
        final AtomicInteger sent = new AtomicInteger();
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger unanswered = new AtomicInteger();
        final AtomicInteger sentAfterTerm = new AtomicInteger();
        final AtomicInteger closeAfterTerm = new AtomicInteger();
        final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> lost = new ConcurrentLinkedQueue<>();
        volatile long signalled;

        long sinceTerm() {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
        }

        @Override
        public String toString() {
            return "sent " + sent + ", answered " + answered + ", unanswered " + unanswered + ", sent after SIGTERM "
                    + sentAfterTerm + ", Connection: close after SIGTERM " + closeAfterTerm;
        }
    }
}
