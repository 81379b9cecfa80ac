package org.petstore.inventory.bootstrap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A subscriber's receiver, as a web shop would run one: a JDK HTTP server on 127.0.0.1 that keeps every request it
 * gets (its headers, body and arrival) and answers each with the next scripted status, or 204 once the script is
 * used up. The tests read what it received, in arrival order.
 */
final class WebhookReceiver implements AutoCloseable {

    private static final Pattern CHANGE_ID = Pattern.compile("\"changeId\":(\\d+)");
    private static final Pattern PREVIOUS = Pattern.compile("\"previousChangeId\":(\\d+)");

    /** One request as received: lower-case header names, the body, when it arrived ({@link System#nanoTime}). */
    record Received(Map<String, List<String>> headers, String body, long arrivalNanos) {

        String header(String name) {
            List<String> values = headers.get(name);
            return values == null || values.size() != 1 ? null : values.getFirst();
        }

        /** The ledger change ids this delivery carries, in its order. */
        List<Long> changeIds() {
            List<Long> ids = new ArrayList<>();
            Matcher matcher = CHANGE_ID.matcher(body);
            while (matcher.find()) {
                ids.add(Long.parseLong(matcher.group(1)));
            }
            return ids;
        }

        /** The {@code previousChangeId} of the delivery's first change, or -1 when it has none. */
        long previousChangeId() {
            Matcher matcher = PREVIOUS.matcher(body);
            return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Integer> script = new ConcurrentLinkedQueue<>();

    private WebhookReceiver(HttpServer server) {
        this.server = server;
    }

    static WebhookReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
            WebhookReceiver receiver = new WebhookReceiver(server);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.createContext("/", receiver::handle);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The receiver's URL, {@code http://127.0.0.1:<port>/hooks}. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** The next requests are answered with these statuses, in turn; then 204 again. */
    void answer(Integer... statuses) {
        script.addAll(List.of(statuses));
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    /** Every change id received, in arrival order, duplicates included. */
    List<Long> changeIds() {
        return received.stream().filter(r -> r.body().contains("\"inventory.count.updated\""))
                .flatMap(r -> r.changeIds().stream()).toList();
    }

    /** Waits up to {@code timeout} until {@code condition} holds of what was received; answers whether it did. */
    boolean await(Duration timeout, Predicate<WebhookReceiver> condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.test(this)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                TimeUnit.MILLISECONDS.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** Waits up to {@code timeout} until change {@code changeId} has arrived; answers whether it did. */
    boolean awaitChange(long changeId, Duration timeout) {
        return await(timeout, r -> r.changeIds().contains(changeId));
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = new java.util.TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), List.copyOf(values)));
            received.add(new Received(headers, new String(body, StandardCharsets.UTF_8), System.nanoTime()));
            Integer status = script.poll();
            int answer = status == null ? 204 : status;
            if (answer == 429 || answer == 503) {
                exchange.getResponseHeaders().add("Retry-After", "1");
            }
            exchange.sendResponseHeaders(answer, -1);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
