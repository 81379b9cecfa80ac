package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.annotation.Property;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.http.drain.ConnectionDrain;

/**
 * The shutdown drain as clients see it, started as SIGTERM starts it in the service ({@link ConnectionDrain#drain()}):
 * while it lasts every response, errors included, announces {@code Connection: close} and the connection is closed
 * after it; when the listener stops, a connection idle since before the drain is closed, and one accepted just before
 * still gets its first request answered. Draining cannot be undone, so each case has an application context of its
 * own.
 */
class ConnectionDrainTest {

    private static String get(ApiClient api, String path, boolean withKey) {
        return "GET " + path + " HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\n"
                + (withKey ? "Authorization: Bearer " + ApiClient.KEY + "\r\n" : "") + "\r\n";
    }

    private static CompletableFuture<Void> startDrain(ConnectionDrain drain) throws InterruptedException {
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
    @Property(name = "petstore.shutdown.grace-period", value = "5s")
    class WhileDraining extends HttpAdapterTest {

        @Inject
        ConnectionDrain drain;

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
                    "GET /v1/inventory HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\nContent-Length: x\r\n\r\n")) {
                try (RawConnection connection = api.connect()) {
                    ApiResponse error = connection.send(request).read();

                    assertAll(() -> assertTrue(error.status() >= 400, error.toString()),
                            () -> assertHeader(error, "Connection", "close"),
                            () -> assertTrue(connection.closedByServer(), "connection left open after " + error));
                }
            }
        }
    }

    @Nested
    @Property(name = "petstore.shutdown.drain", value = "3s")
    @Property(name = "petstore.shutdown.grace-period", value = "5s")
    class WhenTheListenerStops extends HttpAdapterTest {

        @Inject
        ConnectionDrain drain;

        @Inject
        EmbeddedServer server;

        @Test
        void idleConnectionsAreClosedAndAJustAcceptedOneIsServed() throws Exception {
            try (RawConnection idle = api.connect()) {
                assertEquals(200, idle.send(get(api, "/v1/inventory", true)).read().status());
                CompletableFuture<Void> drained = startDrain(drain);
                Thread.sleep(2_500);
                try (RawConnection justAccepted = api.connect()) {
                    long stoppedWithin = awaitListenerStopped();
                    ApiResponse answer = justAccepted.send(get(api, "/v1/inventory", true)).read();

                    assertAll(() -> assertTrue(stoppedWithin < 2_000, "the listener did not stop"),
                            () -> assertEquals(200, answer.status()),
                            () -> assertHeader(answer, "Connection", "close"),
                            () -> assertTrue(justAccepted.closedByServer(), "connection left open"),
                            () -> assertTrue(idle.closedByServerWithin(Duration.ofSeconds(2)),
                                    "a connection idle since before the drain was left open"));
                }
                drained.get(5, TimeUnit.SECONDS);
            }
        }

        /** Milliseconds until a new connection is no longer accepted. */
        private long awaitListenerStopped() throws InterruptedException {
            long started = System.nanoTime();
            while (System.nanoTime() - started < TimeUnit.SECONDS.toNanos(5)) {
                try (Socket probe = new Socket()) {
                    probe.connect(new InetSocketAddress(server.getHost(), server.getPort()), 200);
                } catch (IOException notAccepted) {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                }
                Thread.sleep(20);
            }
            return Long.MAX_VALUE;
        }
    }

    @Nested
    @Property(name = PipelineRecorder.ENABLED, value = "true")
    class InThePipeline extends HttpAdapterTest {

        @Inject
        PipelineRecorder recorder;

        /**
         * Right after Netty's HTTP codec, so that every response written by any handler behind it, the router's or a
         * handler's own, passes it on its way out; whatever the other customizers add after the codec is behind it.
         */
        @Test
        void theDrainSitsRightAfterTheHttpCodec() throws Exception {
            // a request the router answers
            try (RawConnection connection = api.connect()) {
                assertEquals(200, connection.send(get(api, "/v1/store/orders", true)).read().status());
            }
            List<String> pipeline = recorder.names().get(5, TimeUnit.SECONDS);
            int codec = pipeline.indexOf(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC);

            assertAll(() -> assertTrue(codec >= 0, pipeline.toString()),
                    () -> assertEquals(codec + 1, pipeline.indexOf(ConnectionDrain.HANDLER_NAME), pipeline.toString()));
        }
    }
}
