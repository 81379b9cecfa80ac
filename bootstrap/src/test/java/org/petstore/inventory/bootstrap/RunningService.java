package org.petstore.inventory.bootstrap;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The whole application, started with its real configuration on a given {@link Backend}, and called over real HTTP.
 */
final class RunningService implements AutoCloseable {

    static final String API_KEY = "e2e-key-1";
    static final String ROTATED_API_KEY = "e2e-key-2";

    private final EmbeddedServer server;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** A client that asks for no upgrade to HTTP/2, as most HTTP/1.1 clients. */
    private final HttpClient plainHttp11 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private RunningService(EmbeddedServer server) {
        this.server = server;
    }

    static RunningService start(Backend backend) {
        return start(backend, Map.of());
    }

    static RunningService start(Backend backend, Map<String, Object> overrides) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("micronaut.server.port", -1);
        properties.put("petstore.api-keys", API_KEY + "," + ROTATED_API_KEY);
        properties.putAll(backend.properties());
        properties.putAll(overrides);
        return new RunningService(ApplicationContext.run(EmbeddedServer.class, properties));
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET().build());
    }

    HttpResponse<String> patch(String path, String json) {
        return send(request(path).header("Content-Type", "application/json")
                .method("PATCH", BodyPublishers.ofString(json)).build());
    }

    /** A request to the service with the API key; add headers or replace the key on the returned builder. */
    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(server.getURL() + path))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + API_KEY);
    }

    /** A request to the service without any credentials. */
    HttpRequest.Builder anonymousRequest(String path) {
        return HttpRequest.newBuilder(URI.create(server.getURL() + path)).timeout(Duration.ofSeconds(10));
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends the request as a plain HTTP/1.1 request, without the {@code Upgrade: h2c} the default client sends. */
    HttpResponse<String> sendPlainHttp11(HttpRequest request) {
        try {
            return plainHttp11.send(request, BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends the request without waiting for its answer. */
    CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
        return client.sendAsync(request, BodyHandlers.ofString());
    }

    /** Sends the requests all at once, from as many threads, and returns the responses in the same order. */
    List<HttpResponse<String>> sendConcurrently(List<HttpRequest> requests) {
        List<CompletableFuture<HttpResponse<String>>> responses = requests.stream()
                .map(request -> client.sendAsync(request, BodyHandlers.ofString()))
                .toList();
        return responses.stream().map(CompletableFuture::join).toList();
    }

    int port() {
        return server.getPort();
    }

    /** One of the running application's beans, for a test that looks inside (the connection pool, say). */
    <T> T bean(Class<T> type) {
        return server.getApplicationContext().getBean(type);
    }

    /** Whether the running application has a bean of the type, without creating one. */
    boolean hasBeanDefinition(Class<?> type) {
        return server.getApplicationContext().containsBean(type);
    }

    @Override
    public void close() {
        server.getApplicationContext().close();
    }
}
