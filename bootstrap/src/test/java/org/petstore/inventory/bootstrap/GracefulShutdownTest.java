package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service as an operator runs it, in a process of its own, stopped with SIGTERM while 16 keep-alive clients keep
 * it busy: readiness turns 503 at once, requests are still answered during the drain (each with
 * {@code Connection: close}, after which the client opens a new connection), the listener then stops accepting, and
 * not one request that was sent goes unanswered. A client whose connection is refused has sent nothing.
 */
class GracefulShutdownTest {

    private static final int CLIENTS = 16;
    private static final String KEY = "shutdown-test-key";

    @TempDir
    Path workDir;

    @Test
    void sigtermUnderSteadyLoadLeavesNoRequestUnanswered() throws Exception {
        int port = freePort();
        Path log = workDir.resolve("service.log");
        Process service = start(port, log);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            awaitReady(service, port, log);
            Tally tally = new Tally();
            AtomicBoolean terminated = new AtomicBoolean();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                running.add(clients.submit(() -> keepAliveClient(port, tally, terminated, deadline)));
            }
            TimeUnit.MILLISECONDS.sleep(1500);
            int answeredBeforeTerm = tally.answered.get();

            terminated.set(true);
            long signalled = System.nanoTime();
            service.destroy();
            TimeUnit.MILLISECONDS.sleep(300);
            Response readiness = exchange(port, "GET /health/readiness HTTP/1.1\r\nHost: localhost\r\n\r\n");

            assertTrue(service.waitFor(30, TimeUnit.SECONDS), "the service did not stop; its log:\n" + tail(log));
            long stoppedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - signalled);
            for (Future<?> client : running) {
                client.get(20, TimeUnit.SECONDS);
            }

            String summary = tally + ", stopped " + stoppedAfterMillis + " ms after SIGTERM";
            System.out.println("SIGTERM under load: " + summary);
            assertEquals(503, readiness.status(), "readiness during the drain; " + summary);
            assertTrue(answeredBeforeTerm > 0, summary);
            assertEquals(0, tally.unanswered.get(), "requests sent and never answered; " + summary);
            assertEquals(List.of(), List.copyOf(tally.unexpected), summary);
            assertTrue(tally.sentAfterTerm.get() > CLIENTS, "the service kept serving during the drain; " + summary);
            assertTrue(tally.closeAfterTerm.get() >= CLIENTS, "responses during the drain close; " + summary);
            assertEquals(TerminationSignal.EXIT_STATUS, service.exitValue(), tail(log));
            assertTrue(stoppedAfterMillis >= 2000, "the drain lasted " + stoppedAfterMillis + " ms");
        } finally {
            clients.shutdownNow();
            service.destroyForcibly();
        }
    }

    /** Sends requests one after the other on one connection, a new one after {@code Connection: close}. */
    private static Void keepAliveClient(int port, Tally tally, AtomicBoolean terminated, long deadline)
            throws IOException {
        Socket socket = null;
        int round = 0;
        try {
            while (System.nanoTime() < deadline) {
                if (socket == null) {
                    try {
                        socket = new Socket();
                        socket.connect(new InetSocketAddress("localhost", port), 2000);
                        socket.setSoTimeout(20_000);
                    } catch (IOException refused) {
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
                try {
                    OutputStream out = socket.getOutputStream();
                    out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException closedBeforeSending) {
                    socket.close();
                    socket = null;
                    continue;
                }
                tally.sent.incrementAndGet();
                if (afterTerm) {
                    tally.sentAfterTerm.incrementAndGet();
                }
                Response response;
                try {
                    response = read(socket.getInputStream());
                } catch (IOException noAnswer) {
                    response = null;
                }
                if (response == null) {
                    tally.unanswered.incrementAndGet();
                    socket.close();
                    socket = null;
                    continue;
                }
                tally.answered.incrementAndGet();
                if (response.status() != 200) {
                    tally.unexpected.add("status " + response.status());
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

    private static String patch(int quantity) {
        String body = "{\"quantity\": " + quantity + "}";
        return "PATCH /v1/inventory/2 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + KEY
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
    }

    private Process start(int port, Path log) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(java.toString(), "-Xmx256m", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Application.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("PETSTORE_") || name.startsWith("DATASOURCES_"));
        environment.put("PETSTORE_PORT", String.valueOf(port));
        environment.put("PETSTORE_API_KEYS", KEY);
        environment.put("PETSTORE_DATA_DIR", workDir.resolve("data").toString());
        environment.put("PETSTORE_SHUTDOWN_DRAIN", "2s");
        environment.put("PETSTORE_SHUTDOWN_GRACE_PERIOD", "10s");
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
                in.readNBytes((int) size);
                line(in);
            }
            line(in);
        } else if (in.readNBytes((int) length).length < length) {
            throw new IOException("the body ended early");
        }
        return new Response(status, closes);
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private record Response(int status, boolean closes) {
    }

    private static final class Tally {
        final AtomicInteger sent = new AtomicInteger();
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger unanswered = new AtomicInteger();
        final AtomicInteger sentAfterTerm = new AtomicInteger();
        final AtomicInteger closeAfterTerm = new AtomicInteger();
        final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();

        @Override
        public String toString() {
            return "sent " + sent + ", answered " + answered + ", unanswered " + unanswered + ", sent after SIGTERM "
                    + sentAfterTerm + ", Connection: close after SIGTERM " + closeAfterTerm;
        }
    }
}
