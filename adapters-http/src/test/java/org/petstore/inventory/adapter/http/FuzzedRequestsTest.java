package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/**
 * 10,000 requests made of random parts (methods, paths, headers, content and transfer codings, bodies, framing, some
 * of it broken) sent over raw connections from a fixed seed: none is answered with a 5xx, and every one is answered
 * (or its connection closed by the server after a refusal).
 */
class FuzzedRequestsTest extends HttpAdapterTest {

    private static final int REQUESTS = 10_000;
    private static final int CONNECTIONS = 4;
    private static final long SEED = 13;

    private static final String[] METHODS = {"GET", "GET", "PATCH", "PATCH", "HEAD", "POST", "PUT", "DELETE",
        "OPTIONS", "TRACE", "get", "FOO", "PATCH"};
    private static final String[] PATHS = {"/v1/inventory", "/v1/inventory/1", "/v1/inventory/2", "/v1/inventory/99",
        "/v1/inventory/0", "/v1/inventory/-1", "/v1/inventory/%D9%A1", "/v1/inventory/%EF%BC%91", "/v1/inventory/%zz",
        "/v1/inventory/1?x=%zz", "/v1/inventory/99999999999999999999", "/v1/pets/1", "/v1/pets/abc",
        "/v1/store/orders", "/v1/openapi.yml", "/v1/openapi.json", "/health", "/beans", "/", "/v1", "/v1/",
        "/v1/inventory/", "//v1/inventory", "/v1/inventory/1/x", "/swagger-ui/index.html", "/v1/inventory;x=1",
        "/v1/inventory/1#frag", "*", "/v1/inventory/%00", "/v1/inventory/a|b", "/v1/%2e%2e/inventory",
        "/v1/inventory/1/adjustments", "/v1/inventory/99/adjustments", "/v1/inventory/0/adjustments",
        "/v1/inventory/changes", "/v1/inventory/changes?after=0", "/v1/keys", "/v1/keys/self",
        "/v1/keys/key-000000000000", "/v1/keys/x/rotation", "/v1/keys/%zz"};
    private static final String[] CONTENT_TYPES = {"application/json", "application/json", "application/json; charset=utf-8",
        "text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
        "application/json; charset=latin1", "garbage", ""};
    private static final String[] CONTENT_ENCODINGS = {"gzip", "deflate", "x-gzip", "identity", "br", "zstd",
        "compress", "gzip, gzip", "deflate, gzip", "gzip, br", "identity, gzip", "", "GZIP", "gzip;q=1", "*"};
    private static final String[] BODIES = {"{\"quantity\":7}", "{\"quantity\":-1}", "{\"quantity\":1.5}",
        "{\"quantity\":null}", "{\"quantity\":\"7\"}", "{\"status\":\"sold\"}", "{\"quantity\":7,\"quantity\":8}",
        "{", "", "[]", "null", "{\"quantity\":99999999999999999999}", "\u0000\u0001\u0002", "{\"quantity\":7} x",
        "{\"delta\":-1}", "{\"delta\":0}", "{\"delta\":-2147483647}", "{\"delta\":1,\"reason\":\"sale\"}",
        "{\"changes\":[{\"petId\":1,\"delta\":-1},{\"petId\":2,\"quantity\":3}],\"reason\":\"sale\"}",
        "{\"changes\":[{\"petId\":1,\"delta\":1,\"quantity\":1}]}", "{\"changes\":[{\"petId\":99,\"delta\":1}]}",
        "{\"changes\":[]}", "{\"changes\":[[[[]]]]}", "{\"name\":\"fuzz\",\"scopes\":[\"inventory:read\"]}",
        "{\"overlap\":\"PT1H\"}", "{\"name\":\"x\",\"scopes\":\"keys:admin\",\"expiresAt\":7}"};

    /** Long enough that a loaded machine never looks like a server that does not answer. */
    private static final int ANSWER_TIMEOUT_MILLIS = 30_000;

    @Inject
    EmbeddedServer server;

    @Test
    void noFuzzedRequestIsAnsweredWith5xx() {
        List<String> faults = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger answered = new AtomicInteger();
        // no time limit is asserted (speed is the benchmark's business); a socket read timeout guards against a hang
        {
            ExecutorService clients = Executors.newFixedThreadPool(CONNECTIONS);
            try {
                List<Future<?>> runs = new ArrayList<>();
                for (int c = 0; c < CONNECTIONS; c++) {
                    Random random = new Random(SEED + c);
                    runs.add(clients.submit(() -> {
                        fuzz(random, REQUESTS / CONNECTIONS, faults, answered);
                        return null;
                    }));
                }
                for (Future<?> run : runs) {
                    run.get();
                }
            } catch (InterruptedException | ExecutionException e) {
                throw new AssertionError("a fuzzing client failed", e);
            } finally {
                clients.shutdownNow();
            }
        }

        assertEquals(List.of(), faults.stream().limit(10).toList(), faults.size() + " faults");
        assertTrue(answered.get() > REQUESTS * 9 / 10, "only " + answered.get() + " requests answered");
    }

    private void fuzz(Random random, int requests, List<String> faults, AtomicInteger answered) throws IOException {
        URL url = server.getURL();
        Socket socket = null;
        InputStream in = null;
        for (int i = 0; i < requests; i++) {
            FuzzedRequest request = FuzzedRequest.random(random, url.getHost() + ':' + url.getPort(),
                    new String[]{keys.secretOf("storefront"), keys.secretOf("till-1"), keys.secretOf("key-admin")});
            for (int attempt = 0; attempt < 2; attempt++) {
                if (socket == null || socket.isClosed()) {
                    socket = new Socket(url.getHost(), url.getPort());
                    socket.setSoTimeout(ANSWER_TIMEOUT_MILLIS);
                    in = new BufferedInputStream(socket.getInputStream());
                }
                try {
                    socket.getOutputStream().write(request.bytes());
                    socket.getOutputStream().flush();
                    int status = readStatus(in, request.method().equals("HEAD"));
                    answered.incrementAndGet();
                    if (status >= 500) {
                        faults.add(status + " for " + request.describe());
                    }
                    if (request.closes()) {
                        socket.close();
                    }
                    break;
                } catch (java.net.SocketTimeoutException e) {
                    faults.add("no answer within " + ANSWER_TIMEOUT_MILLIS / 1000 + " s to " + request.describe());
                    socket.close();
                    break;
                } catch (IOException e) {
                    // the server closed the connection after refusing the previous request: send this one again
                    socket.close();
                }
            }
        }
        if (socket != null) {
            socket.close();
        }
    }

    /**
     * Reads one response and returns its status (after any 1xx); its body is skipped by Content-Length or chunks.
     * Then the connection is closed by this side if the server said so.
     */
    private static int readStatus(InputStream in, boolean head) throws IOException {
        while (true) {
            String statusLine = line(in);
            int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
            long length = 0;
            boolean chunked = false;
            for (String line = line(in); !line.isEmpty(); line = line(in)) {
                String lower = line.toLowerCase(java.util.Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Long.parseLong(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                }
            }
            if (status < 200) {
                continue;
            }
            if (head || status == 204 || status == 304) {
                return status;
            }
            if (chunked) {
                for (int size = Integer.parseInt(line(in).split(";")[0].trim(), 16); size > 0;
                     size = Integer.parseInt(line(in).split(";")[0].trim(), 16)) {
                    in.readNBytes(size);
                    line(in);
                }
                line(in);
            } else {
                in.readNBytes((int) length);
            }
            return status;
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    /** One request made of random parts, with a description to report it by. */
    private record FuzzedRequest(String method, String describe, byte[] bytes, boolean closes) {

        static FuzzedRequest random(Random random, String host, String[] managedKeys) {
            String method = pick(random, METHODS);
            String path = pick(random, PATHS);
            String version = random.nextInt(20) == 0 ? "HTTP/1.0" : "HTTP/1.1";
            List<String> headers = new ArrayList<>();
            int hosts = random.nextInt(30) == 0 ? random.nextInt(3) * (random.nextBoolean() ? 1 : 0) : 1;
            for (int h = 0; h < hosts; h++) {
                headers.add("Host: " + (h == 0 ? host : "elsewhere.example"));
            }
            switch (random.nextInt(7)) {
                case 0 -> { }
                case 1 -> headers.add("Authorization: Bearer wrong-key");
                case 2 -> headers.add("Authorization: Bearer " + pick(random, managedKeys));
                case 3 -> headers.add("Authorization: " + pick(random, new String[]{"Basic eDp5", "Bearer", "bearer "
                        + ApiClient.KEY, "Bearer " + ApiClient.KEY + " extra", "Bearer \u00e9"}));
                default -> headers.add("Authorization: Bearer " + ApiClient.KEY);
            }
            if (random.nextInt(4) == 0) {
                headers.add("Accept: " + pick(random, new String[]{"application/json", "application/xml", "*/*",
                        "text/html", "application/*", "garbage"}));
            }
            if (random.nextInt(8) == 0) {
                headers.add("Origin: " + pick(random, new String[]{"https://elsewhere.example", "null",
                        "http://" + host, "garbage"}));
            }
            if (random.nextInt(8) == 0) {
                headers.add(pick(random, new String[]{"If-None-Match", "If-Match"}) + ": "
                        + pick(random, new String[]{"*", "\"x\"", "W/\"1\"", "garbage"}));
            }
            if (random.nextInt(8) == 0) {
                headers.add("Idempotency-Key: " + pick(random, new String[]{"\"k-1\"", "k-1", "\"", "",
                        "\"a\\\"", "k".repeat(300), "\"k-2\"", "a b"}));
            }
            if (random.nextInt(10) == 0) {
                headers.add("X-Fuzz-" + random.nextInt(100) + ": " + "v".repeat(random.nextInt(200)));
            }
            byte[] body = new byte[0];
            String coding = null;
            if (method.equals("PATCH") || method.equals("POST") || method.equals("PUT") || random.nextInt(10) == 0) {
                if (random.nextInt(5) > 0) {
                    headers.add("Content-Type: " + pick(random, CONTENT_TYPES));
                }
                byte[] plain = random.nextInt(10) == 0 ? randomBytes(random) : pick(random, BODIES)
                        .getBytes(StandardCharsets.UTF_8);
                if (random.nextInt(3) == 0) {
                    coding = pick(random, CONTENT_ENCODINGS);
                    headers.add("Content-Encoding: " + coding);
                    body = switch (random.nextInt(4)) {
                        case 0 -> plain;
                        case 1 -> ContentCodingsTest.deflate(plain, random.nextBoolean());
                        case 2 -> ContentCodingsTest.gzip(ContentCodingsTest.gzip(plain));
                        default -> ContentCodingsTest.gzip(plain);
                    };
                } else {
                    body = plain;
                }
                if (random.nextInt(40) == 0) {
                    body = ContentCodingsTest.gzip(new byte[100_000 + random.nextInt(1_000_000)]);
                    if (coding == null) {
                        headers.add("Content-Encoding: gzip");
                        coding = "gzip";
                    }
                }
            }
            boolean chunked = body.length > 0 && random.nextInt(4) == 0;
            boolean broken = false;
            ByteArrayOutputStream framedBody = new ByteArrayOutputStream();
            if (chunked) {
                String transferEncoding = random.nextInt(8) == 0
                        ? pick(random, new String[]{"gzip, chunked", "chunked, chunked", "identity", "Chunked"})
                        : "chunked";
                headers.add("Transfer-Encoding: " + transferEncoding);
                broken = !transferEncoding.equalsIgnoreCase("chunked");
                int at = 0;
                while (at < body.length) {
                    int size = Math.min(body.length - at, 1 + random.nextInt(64));
                    boolean malformed = random.nextInt(50) == 0;
                    broken |= malformed;
                    framedBody.writeBytes(((malformed ? "zz" : Integer.toHexString(size)) + "\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
                    framedBody.write(body, at, size);
                    framedBody.writeBytes("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    at += size;
                }
                framedBody.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            } else if (body.length > 0 || random.nextBoolean()) {
                headers.add("Content-Length: " + body.length);
                framedBody.writeBytes(body);
            }
            Collections.shuffle(headers, random);
            boolean closes = broken || version.equals("HTTP/1.0") || hosts != 1 || random.nextInt(20) == 0;
            if (closes) {
                headers.add("Connection: close");
            }
            StringBuilder head = new StringBuilder(method).append(' ').append(path).append(' ').append(version)
                    .append("\r\n");
            headers.forEach(header -> head.append(header).append("\r\n"));
            head.append("\r\n");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            bytes.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
            bytes.writeBytes(framedBody.toByteArray());
            String description = head.toString().replace("\r\n", " | ") + "body of " + framedBody.size() + " bytes";
            return new FuzzedRequest(method, description, bytes.toByteArray(), closes);
        }

        private static byte[] randomBytes(Random random) {
            byte[] bytes = new byte[random.nextInt(300)];
            random.nextBytes(bytes);
            return bytes;
        }

        private static String pick(Random random, String[] values) {
            return values[random.nextInt(values.length)];
        }
    }
}
