package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The fast routes answer exactly as the controller behind Micronaut's router: the same requests, sent byte for byte
 * to this server (fast routes on, the default) and to a second one started with
 * {@code petstore.server.fast-routes: false}, over raw connections, get the same status, the same headers (all but
 * the values of {@code Date} and {@code X-Request-Id}, which differ from one response to the next) and the same
 * body, whichever path answers: the fast routes, or the router for the requests they leave to it.
 */
class FastRoutesTest extends HttpAdapterTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private EmbeddedServer routerOnly;
    private InMemoryInventory routerOnlyInventory;

    @BeforeEach
    void startTheRouterOnlyServer() {
        routerOnly = ApplicationContext.run(EmbeddedServer.class, Map.of("petstore.server.fast-routes", false),
                Environment.TEST);
        routerOnlyInventory = routerOnly.getApplicationContext().getBean(InMemoryInventory.class);
        routerOnlyInventory.reset();
    }

    @AfterEach
    void stopTheRouterOnlyServer() {
        routerOnly.close();
    }

    @Test
    void everyAnswerIsTheRoutersAnswer() {
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String json = "Content-Type: application/json\r\n";
        List<String> requests = List.of(
                get("/v1/inventory", key),
                get("/v1/inventory/1", key),
                get("/v1/inventory/1", key + "If-None-Match: \"1.1\"\r\n"),
                get("/v1/inventory/1", key + "If-None-Match: \"1.7\", W/\"1.1\"\r\n"),
                get("/v1/inventory", key + "If-None-Match: *\r\n"),
                get("/v1/inventory", key + "If-None-Match: W/\"0.0.0\"\r\n"),
                get("/v1/inventory", key + "If-None-Match: not a tag\r\n"),
                get("/v1/inventory/424242", key),
                get("/v1/inventory/0", key),
                get("/v1/inventory/007", key),
                get("/v1/inventory/99999999999999999999", key),
                get("/v1/inventory?page=2", key),
                get("/v1/inventory/", key),
                get("/v1/inventory", ""),
                get("/v1/inventory", "Authorization: Bearer wrong-key\r\n"),
                get("/v1/inventory", "Authorization: bearer " + ApiClient.KEY + "\r\n"),
                get("/v1/inventory", "Authorization: Bearer  " + ApiClient.KEY + "\r\n"),
                get("/v1/inventory", key + "Accept: application/json\r\n"),
                get("/v1/inventory", key + "Accept: text/html\r\n"),
                get("/v1/inventory", key + "Connection: keep-alive\r\n"),
                get("/v1/inventory", key + "Connection: close\r\n"),
                get("/v1/inventory/1", key + "Connection: Close\r\n"),
                get("/v1/inventory/424242", key + "Connection: close\r\n"),
                get("/v1/inventory", key + "Connection: close, keep-alive\r\n"),
                patch("/v1/inventory/3", key + json + "Connection: close\r\n", "{\"quantity\": 7}"),
                patch("/v1/inventory/1", key + json, "{\"quantity\": 42}"),
                get("/v1/inventory/1", key),
                patch("/v1/inventory/1", key + json + "If-Match: \"1.2\"\r\n", "{\"quantity\": 43}"),
                patch("/v1/inventory/1", key + json + "If-Match: \"1.2\"\r\n", "{\"quantity\": 44}"),
                patch("/v1/inventory/1", key + json + "If-Match: *\r\n", "{\"quantity\": 45}"),
                patch("/v1/inventory/1", key + json + "If-Match: W/\"1.4\"\r\n", "{\"quantity\": 46}"),
                patch("/v1/inventory/1", key + json + "If-Match: 1.4\r\n", "{\"quantity\": 46}"),
                patch("/v1/inventory/424242", key + json, "{\"quantity\": 1}"),
                patch("/v1/inventory/2", key + json, "{\"quantity\": -1}"),
                patch("/v1/inventory/2", key + json, "{\"quantity\": 1, \"status\": \"sold\"}"),
                patch("/v1/inventory/2", key + json, "{\"quantity\": 1"),
                patch("/v1/inventory/2", key + json, "{\"quantity\": \"1\"}"),
                patch("/v1/inventory/2", key + "Content-Type: text/plain\r\n", "{\"quantity\": 1}"),
                patch("/v1/inventory/2", key + "Content-Type: application/json; charset=utf-8\r\n",
                        "{\"quantity\": 2}"),
                patch("/v1/inventory/2", json, "{\"quantity\": 3}"),
                patch("/v1/inventory/x", key + json, "{\"quantity\": 3}"),
                get("/v1/inventory", key));

        for (String request : requests) {
            assertEquals(answer(routerOnly.getURL(), request), answer(serverUrl(), request), request);
        }
        assertEquals(routerOnlyInventory.entries(), inventory.entries());
        assertEquals(routerOnlyInventory.updates(), inventory.updates());
    }

    /**
     * Pipelined requests that alternate between the fast routes and the router are answered in order, each with the
     * router's own answer. The pipeline changes nothing (its one PATCH is refused): Micronaut's router may run
     * pipelined requests at once, so a read pipelined behind a write may see the state before it there.
     */
    @Test
    void pipelinedRequestsAreAnsweredInOrderWhicheverPathAnswersThem() {
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String pipeline = get("/v1/inventory", key)
                + get("/v1/pets/1", key)
                + get("/v1/inventory/2", key)
                + get("/v1/inventory", "")
                + get("/v1/inventory/2", key)
                + patch("/v1/inventory/2", key + "Content-Type: application/json\r\n", "{\"quantity\": x}")
                + get("/v1/inventory/1", key);

        List<Answer> fast = answers(serverUrl(), pipeline, 7);
        List<Answer> router = answers(routerOnly.getURL(), pipeline, 7);

        assertEquals(router, fast);
        assertEquals(List.of(200, 200, 200, 401, 200, 400, 200), fast.stream().map(Answer::status).toList());
        assertTrue(fast.get(6).body().startsWith("{\"petId\":1,"), fast.get(6)::body);
    }

    /**
     * On the fast routes a request pipelined behind a PATCH sees it, also with a request answered by the router in
     * between.
     */
    @Test
    void aFastReadPipelinedBehindAFastPatchSeesIt() {
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String pipeline = patch("/v1/inventory/2", key + "Content-Type: application/json\r\n", "{\"quantity\": 9}")
                + get("/v1/inventory", "")
                + get("/v1/inventory/2", key);

        List<Answer> fast = answers(serverUrl(), pipeline, 3);

        assertEquals(List.of(200, 401, 200), fast.stream().map(Answer::status).toList());
        assertTrue(fast.get(2).body().contains("\"quantity\":9"), fast.get(2)::body);
        assertEquals(fast.get(0).body(), fast.get(2).body());
    }

    /**
     * A request that asks to close the connection is its last on both paths: its answer says {@code Connection:
     * close}, the connection is closed once it is written, and what was pipelined after it is never answered (nor
     * applied). A list sent in chunks closes the connection after its last chunk; an HTTP/1.0 request without
     * {@code keep-alive} is a connection's last as well.
     */
    @Test
    void aRequestThatClosesTheConnectionIsItsLastOnBothPaths() {
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String json = "Content-Type: application/json\r\n";
        String pipeline = get("/v1/inventory/2", key + "Connection: close\r\n")
                + patch("/v1/inventory/2", key + json, "{\"quantity\": 99}");
        inventory.fill(5_000);
        routerOnlyInventory.fill(5_000);
        String longList = get("/v1/inventory", key + "Connection: close\r\n")
                + patch("/v1/inventory/2", key + json, "{\"quantity\": 98}");

        for (URL url : List.of(routerOnly.getURL(), serverUrl())) {
            for (String requests : List.of(pipeline, longList)) {
                try (RawConnection connection = new RawConnection(url, TIMEOUT)) {
                    connection.send(requests);
                    Answer last = Answer.of(connection.read());
                    assertEquals(200, last.status(), url + " " + requests);
                    assertEquals(List.of("close"), last.headers().get("Connection"), url + " " + requests);
                    assertTrue(connection.closedByServerWithin(TIMEOUT), url + ": connection left open");
                }
            }
        }
        // HTTP/1.0 without keep-alive closes the connection too (the router answers it on both servers)
        String http10 = "GET /v1/inventory/2 HTTP/1.0\r\n" + key + "\r\n"
                + patch("/v1/inventory/2", key + json, "{\"quantity\": 97}");
        for (URL url : List.of(routerOnly.getURL(), serverUrl())) {
            try (RawConnection connection = new RawConnection(url, TIMEOUT)) {
                connection.send(http10);
                assertEquals(200, Answer.of(connection.read()).status(), url.toString());
                assertTrue(connection.closedByServerWithin(TIMEOUT), url + ": HTTP/1.0 connection left open");
            }
        }
        assertEquals(List.of(), routerOnlyInventory.updates(), "a PATCH after Connection: close was applied");
        assertEquals(List.of(), inventory.updates(), "a PATCH after Connection: close was applied");
        assertEquals(0, inventory.openLists(), "lists left open");
    }

    @Test
    void aListTooLongForOneBufferIsSentInChunksAsTheRouterSendsIt() {
        inventory.fill(5_000);
        routerOnlyInventory.fill(5_000);
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String pipeline = get("/v1/inventory", key) + get("/v1/inventory/4999", key);

        List<Answer> fast = answers(serverUrl(), pipeline, 2);

        assertEquals(answers(routerOnly.getURL(), pipeline, 2), fast);
        assertEquals(List.of("chunked"), fast.getFirst().headers().get("Transfer-Encoding"));
        assertEquals(InventoryStreamingTest.expectedJson(5_000), fast.getFirst().body());
        assertEquals(0, inventory.openLists(), "lists left open");
    }

    /**
     * Lists answered from the list-body cache (each server keeps its own) are the same on both paths, and the same
     * as the uncached answers before them: a list read, read again, changed, read twice more. Each request waits for
     * the answer before it: the router may run pipelined requests at once, so a list pipelined behind a PATCH may be
     * read before the PATCH is applied (which is why clients do not pipeline after a PATCH).
     */
    @Test
    void listsAnsweredFromTheCacheAreTheRoutersAnswers() {
        String key = "Authorization: Bearer " + ApiClient.KEY + "\r\n";
        String json = "Content-Type: application/json\r\n";
        List<String> requests = List.of(get("/v1/inventory", key), get("/v1/inventory", key),
                patch("/v1/inventory/1", key + json, "{\"quantity\": 45}"),
                get("/v1/inventory", key), get("/v1/inventory", key));

        List<Answer> fast = oneAfterTheOther(serverUrl(), requests);
        List<Answer> router = oneAfterTheOther(routerOnly.getURL(), requests);

        assertEquals(router, fast);
        assertEquals(fast.get(0), fast.get(1));
        assertEquals(fast.get(3), fast.get(4));
        assertTrue(fast.get(3).body().contains("{\"petId\":1,\"quantity\":45,"), fast.get(3).body());
        assertEquals(List.of("W/\"3.4.0\""), fast.get(3).headers().get("ETag"));
    }

    private URL serverUrl() {
        return api.server().getURL();
    }

    private static String get(String path, String headers) {
        return "GET " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers + "\r\n";
    }

    private static String patch(String path, String headers, String body) {
        return "PATCH " + path + " HTTP/1.1\r\nHost: localhost\r\n" + headers + "Content-Length: "
                + body.length() + "\r\n\r\n" + body;
    }

    private static Answer answer(URL url, String request) {
        return answers(url, request, 1).getFirst();
    }

    /** Sends each request on one connection once the answer to the one before has come. */
    private static List<Answer> oneAfterTheOther(URL url, List<String> requests) {
        try (RawConnection connection = new RawConnection(url, TIMEOUT)) {
            List<Answer> answers = new ArrayList<>();
            for (String request : requests) {
                connection.send(request);
                answers.add(Answer.of(connection.read()));
            }
            return answers;
        }
    }

    private static List<Answer> answers(URL url, String requests, int count) {
        try (RawConnection connection = new RawConnection(url, TIMEOUT)) {
            connection.send(requests);
            List<Answer> answers = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                answers.add(Answer.of(connection.read()));
            }
            return answers;
        }
    }

    /** A response without what differs from one response to the next: the values of Date and X-Request-Id. */
    private record Answer(int status, Map<String, List<String>> headers, String body) {

        static Answer of(ApiResponse response) {
            Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            headers.putAll(response.headers());
            headers.computeIfPresent("Date", (name, values) -> List.of("(a date)"));
            headers.computeIfPresent("X-Request-Id", (name, values) -> List.of("(an id)"));
            return new Answer(response.status(), headers, response.body());
        }
    }
}
