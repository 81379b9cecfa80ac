package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.annotation.Property;
import io.micronaut.runtime.graceful.GracefulShutdownManager;
import jakarta.inject.Inject;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.http.drain.ShutdownDrain;

/**
 * The shutdown as clients see it, started as SIGTERM starts it in the service ({@link ShutdownDrain#drain()}): while
 * the drain lasts, every response, errors included, announces {@code Connection: close} and its connection is closed
 * after it, and every live feed ends at once with a line that tells its client to reconnect; after the drain,
 * Micronaut's graceful shutdown closes the listener and the idle connections, and lets a request in flight finish.
 * Draining cannot be undone, so each case has an application context of its own.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class ShutdownDrainTest {

    static final String FAREWELL = ": the service is shutting down: reconnect with Last-Event-ID to resume\n\n\n";

    private static String get(ApiClient api, String path, boolean withKey) {
        return "GET " + path + " HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\n"
                + (withKey ? "Authorization: Bearer " + ApiClient.KEY + "\r\n" : "") + "\r\n";
    }

    private static String stream(long after) {
        return "GET /v1/inventory/changes?after=" + after + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + ApiClient.KEY + "\r\nAccept: text/event-stream\r\n\r\n";
    }

    private static CompletableFuture<Void> startDrain(ShutdownDrain drain) throws InterruptedException {
        CompletableFuture<Void> drained = CompletableFuture.runAsync(() -> {
            try {
                drain.drain();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
        while (!drain.draining()) {
            Thread.sleep(5);
        }
        return drained;
    }

    @Nested
    @Property(name = "petstore.shutdown.drain", value = "10s")
    class WhileDraining extends HttpAdapterTest {

        @Inject
        ShutdownDrain drain;

        @Test
        void everyResponseAnnouncesItsCloseAndTheConnectionIsClosedAfterIt() throws InterruptedException {
            try (RawConnection keptAlive = api.connect()) {
                ApiResponse before = keptAlive.send(get(api, "/v1/inventory", true)).read();
                startDrain(drain);
                ApiResponse during = keptAlive.send(get(api, "/v1/inventory", true)).read();
                boolean closedAfter = keptAlive.closedByServer();

                assertAll(() -> assertEquals(200, before.status()),
                        () -> assertEquals(List.of(), before.header("Connection")),
                        () -> assertEquals(200, during.status()),
                        () -> assertHeader(during, "Connection", "close"),
                        () -> assertTrue(closedAfter, "connection left open after Connection: close"));
            }
            for (String request : List.of(get(api, "/v1/inventory", false), get(api, "/v1/nowhere", true),
                    get(api, "/health/readiness", false),
                    "GET /v1/inventory HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\nContent-Length: x\r\n\r\n")) {
                try (RawConnection connection = api.connect()) {
                    ApiResponse error = connection.send(request).read();

                    assertAll(() -> assertTrue(error.status() >= 400, error.toString()),
                            () -> assertHeader(error, "Connection", "close"),
                            () -> assertTrue(connection.closedByServer(), "connection left open after " + error));
                }
            }
        }

        @Test
        void everyLiveFeedEndsAtOnceAndTellsItsClientToReconnect() throws InterruptedException {
            try (RawConnection feed = api.connect(); RawConnection late = api.connect()) {
                feed.send(stream(0));
                // the stream opens and the ledger is read for it (well before the first heartbeat, at 500 ms)
                Thread.sleep(200);
                long started = System.nanoTime();
                startDrain(drain);
                ApiResponse ended = feed.read();
                long endedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                ApiResponse openedDuringTheDrain = late.send(stream(0)).read();

                assertAll(() -> assertEquals(200, ended.status()),
                        () -> assertEquals(": the changes after 0\n\n\n" + FAREWELL, ended.body()),
                        () -> assertTrue(endedAfterMillis < 2_000, "the feed ended " + endedAfterMillis + " ms "
                                + "after the drain started, not at once"),
                        () -> assertEquals(200, openedDuringTheDrain.status()),
                        () -> assertEquals(": the changes after 0\n\n\n" + FAREWELL, openedDuringTheDrain.body()),
                        () -> assertHeader(openedDuringTheDrain, "Connection", "close"),
                        () -> assertTrue(late.closedByServer(), "connection left open after Connection: close"));
            }
        }
    }

    /** Ctrl-C: no drain, Micronaut's graceful shutdown at once; the live feeds still end with their last line. */
    @Nested
    @Property(name = "micronaut.lifecycle.graceful-shutdown.enabled", value = "true")
    class WithoutADrain extends HttpAdapterTest {

        @Inject
        GracefulShutdownManager gracefulShutdown;

        @Test
        void theGracefulShutdownEndsEveryLiveFeedWithItsLastLine() throws Exception {
            try (RawConnection feed = api.connect()) {
                feed.send(stream(0));
                // the stream opens and the ledger is read for it (well before the first heartbeat, at 500 ms)
                Thread.sleep(200);
                CompletableFuture<?> stopped = gracefulShutdown.shutdownGracefully().toCompletableFuture();
                ApiResponse ended = feed.read();
                stopped.get(5, TimeUnit.SECONDS);

                assertAll(() -> assertEquals(200, ended.status()),
                        () -> assertEquals(": the changes after 0\n\n\n" + FAREWELL, ended.body()),
                        () -> assertTrue(feed.closedByServer(), "the feed's connection was left open"));
            }
        }
    }

    @Nested
    @Property(name = "petstore.shutdown.drain", value = "1s")
    @Property(name = "micronaut.lifecycle.graceful-shutdown.enabled", value = "true")
    @Property(name = "micronaut.lifecycle.graceful-shutdown.grace-period", value = "5s")
    class AfterTheDrain extends HttpAdapterTest {

        @Inject
        ShutdownDrain drain;

        @Test
        void theListenerClosesIdleConnectionsCloseAndARequestInFlightIsAnswered() throws Exception {
            String body = "{\"quantity\": 7}";
            String head = "PATCH /v1/inventory/1 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                    + ApiClient.KEY + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                    + "\r\n\r\n";
            try (RawConnection idle = api.connect(); RawConnection inFlight = api.connect()) {
                assertEquals(200, idle.send(get(api, "/v1/inventory", true)).read().status());
                // the request's head, and half of its body, before the drain
                inFlight.send(head + body.substring(0, 5));
                long started = System.nanoTime();
                CompletableFuture<Void> drained = startDrain(drain);
                boolean idleClosed = idle.closedByServerWithin(Duration.ofSeconds(3));
                long idleClosedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                // the graceful shutdown has begun: the rest of the body arrives
                ApiResponse answer = inFlight.send(body.substring(5)).read();
                drained.get(5, TimeUnit.SECONDS);

                assertAll(() -> assertTrue(idleClosed, "an idle connection was left open after the drain"),
                        () -> assertTrue(idleClosedAfterMillis >= 900, "an idle connection was closed "
                                + idleClosedAfterMillis + " ms after the drain started, before its end"),
                        () -> assertEquals(200, answer.status()),
                        () -> assertEquals("{\"petId\":1,\"quantity\":7,\"status\":\"available\"}", answer.body()),
                        () -> assertHeader(answer, "Connection", "close"),
                        () -> assertTrue(inFlight.closedByServer(), "connection left open after its last answer"),
                        () -> assertThrows(UncheckedIOException.class, api::connect,
                                "a new connection was accepted after the drain"));
            }
        }
    }
}
