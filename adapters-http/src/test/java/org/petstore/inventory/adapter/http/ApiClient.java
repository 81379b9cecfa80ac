package org.petstore.inventory.adapter.http;

import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Calls the running server over real HTTP: through the JDK {@link HttpClient}, so headers and bodies are exactly what
 * the test says, or through a raw socket for requests that no well-behaved client would send.
 */
@Singleton
final class ApiClient {

    /** The first of the keys configured in {@code application-test.yml}. */
    static final String KEY = "test-key-1";
    /** The second configured key: clients rotating their key may use either. */
    static final String ROTATED_KEY = "test-key-2";

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final EmbeddedServer server;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(TIMEOUT)
            .build();

    ApiClient(EmbeddedServer server) {
        this.server = server;
    }

    /** The server the client calls. */
    EmbeddedServer server() {
        return server;
    }

    Request get(String path) {
        return request("GET", path);
    }

    Request patch(String path) {
        return request("PATCH", path);
    }

    Request request(String method, String path) {
        return new Request(method, path);
    }

    /** The {@code host:port} the server listens on, as a {@code Host} header names it. */
    String hostAndPort() {
        return server.getURL().getHost() + ':' + server.getURL().getPort();
    }

    /**
     * Sends a request exactly as given, byte for byte: the request line, a {@code Host} header, the given header
     * lines and {@code Connection: close}, with no body.
     */
    ApiResponse raw(String requestLine, String... headerLines) {
        URL url = server.getURL();
        StringBuilder request = new StringBuilder(requestLine).append("\r\n")
                .append("Host: ").append(url.getHost()).append(':').append(url.getPort()).append("\r\n");
        for (String headerLine : headerLines) {
            request.append(headerLine).append("\r\n");
        }
        request.append("Connection: close\r\n\r\n");
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return RawResponseReader.read(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException("raw request failed: " + requestLine, e);
        }
    }

    /** A request under construction: {@code api.patch(path).authorized().json(body).send()}. */
    final class Request {

        private final String method;
        private final String path;
        private final List<String> headers = new ArrayList<>();
        private BodyPublisher body = BodyPublishers.noBody();

        private Request(String method, String path) {
            this.method = method;
            this.path = path;
        }

        /** With the first configured API key. */
        Request authorized() {
            return bearer(KEY);
        }

        Request bearer(String key) {
            return header("Authorization", "Bearer " + key);
        }

        Request header(String name, String value) {
            headers.add(name);
            headers.add(value);
            return this;
        }

        Request json(String json) {
            return body("application/json", json);
        }

        Request body(String contentType, String content) {
            return withoutContentType(content).header("Content-Type", contentType);
        }

        /** A body of bytes (e.g. compressed), with the given {@code Content-Type}. */
        Request bytes(String contentType, byte[] content) {
            body = BodyPublishers.ofByteArray(content);
            return header("Content-Type", contentType);
        }

        /** A body sent without any {@code Content-Type} header. */
        Request withoutContentType(String content) {
            body = BodyPublishers.ofString(content, StandardCharsets.UTF_8);
            return this;
        }

        ApiResponse send() {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.getURL() + path))
                    .timeout(TIMEOUT)
                    .method(method, body);
            if (!headers.isEmpty()) {
                request.headers(headers.toArray(String[]::new));
            }
            try {
                var response = http.send(request.build(), BodyHandlers.ofString(StandardCharsets.UTF_8));
                return new ApiResponse(response.statusCode(), response.headers().map(), response.body());
            } catch (IOException e) {
                throw new UncheckedIOException(method + " " + path + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(method + " " + path + " interrupted", e);
            }
        }
    }

    /** A connection to the server on which the test writes bytes and reads responses one by one. */
    RawConnection connect() {
        return new RawConnection(server.getURL(), TIMEOUT);
    }

    /** Reads one HTTP/1.1 response from a socket: status line, headers, and a body by Content-Length or chunks. */
    static final class RawResponseReader {

        private final InputStream in;

        private RawResponseReader(InputStream in) {
            this.in = in;
        }

        static ApiResponse read(InputStream in) throws IOException {
            return new RawResponseReader(in).response(false);
        }

        /** A response to {@code HEAD}: its headers describe a body that is not sent. */
        static ApiResponse readHead(InputStream in) throws IOException {
            return new RawResponseReader(in).response(true);
        }

        private ApiResponse response(boolean head) throws IOException {
            String statusLine = line();
            int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (String line = line(); !line.isEmpty(); line = line()) {
                int colon = line.indexOf(':');
                headers.computeIfAbsent(line.substring(0, colon).trim(), name -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
            byte[] body = head ? new byte[0] : headers.keySet().stream().anyMatch("Transfer-Encoding"::equalsIgnoreCase)
                    ? chunkedBody()
                    : in.readNBytes(contentLength(headers));
            return new ApiResponse(status, headers, new String(body, StandardCharsets.UTF_8));
        }

        private static int contentLength(Map<String, List<String>> headers) {
            return headers.entrySet().stream()
                    .filter(header -> header.getKey().equalsIgnoreCase("Content-Length"))
                    .mapToInt(header -> Integer.parseInt(header.getValue().getFirst()))
                    .findFirst()
                    .orElse(0);
        }

        private byte[] chunkedBody() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int size = chunkSize(); size > 0; size = chunkSize()) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
            return body.toByteArray();
        }

        private int chunkSize() throws IOException {
            return Integer.parseInt(line().split(";", 2)[0].trim(), 16);
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = in.read(); b != '\n'; b = in.read()) {
                if (b == -1) {
                    throw new IOException("connection closed in the middle of a response");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
