package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertHeader;

import io.micronaut.context.annotation.Property;
import java.time.Duration;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a slow or greedy client gets, with short limits configured: a request head that does not arrive within the
 * deadline is 408 and the connection closed; an idle keep-alive connection is closed after the idle timeout; a
 * connection over the cap is 503 and closed.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class SlowAndGreedyClientsTest {

    private static String get(ApiClient api) {
        return "GET /v1/store/orders HTTP/1.1\r\nHost: " + api.hostAndPort() + "\r\nAuthorization: Bearer "
                + ApiClient.KEY + "\r\n\r\n";
    }

    @Nested
    @Property(name = "petstore.server.request-head-timeout", value = "1s")
    class RequestHeadDeadline extends HttpAdapterTest {

        @Test
        void aClientTricklingItsHeadIsCutOffAtTheDeadline() throws InterruptedException {
            String request = get(api);
            try (RawConnection connection = api.connect()) {
                long started = System.nanoTime();
                // one byte every 250 ms: the whole head would take 20 s
                for (int sent = 0; sent < request.length() && !connection.answered()
                        && System.nanoTime() - started < 5_000_000_000L; sent++) {
                    connection.send(request.substring(sent, sent + 1));
                    Thread.sleep(250);
                }
                ApiResponse response = connection.read();
                long millis = (System.nanoTime() - started) / 1_000_000;

                assertError(response, 408, "REQUEST_TIMEOUT",
                        "The request did not arrive in time: send the request line and headers at once");
                assertHeader(response, "Connection", "close");
                assertTrue(connection.closedByServer(), "connection left open");
                assertTrue(millis >= 900 && millis < 2_500, "cut off after " + millis + " ms");
            }
        }

        @Test
        void anIdleKeepAliveConnectionIsNotCutOffByTheHeadDeadline() throws InterruptedException {
            try (RawConnection connection = api.connect()) {
                ApiResponse first = connection.send(get(api)).read();
                Thread.sleep(1_500);
                ApiResponse second = connection.send(get(api)).read();

                assertAll(() -> assertEquals(200, first.status()), () -> assertEquals(200, second.status()));
            }
        }

        @Test
        void aSlowBodyIsNotCutOffByTheHeadDeadline() throws InterruptedException {
            try (RawConnection connection = api.connect()) {
                connection.send("PATCH /v1/inventory/1 HTTP/1.1\r\nHost: " + api.hostAndPort()
                        + "\r\nAuthorization: Bearer " + ApiClient.KEY + "\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 14\r\n\r\n{\"quantity\"");
                Thread.sleep(1_500);
                ApiResponse response = connection.send(":7}").read();

                assertEquals(200, response.status(), response.toString());
            }
        }
    }

    @Nested
    @Property(name = "micronaut.server.idle-timeout", value = "1s")
    class IdleTimeout extends HttpAdapterTest {

        @Test
        void anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() {
            try (RawConnection connection = api.connect()) {
                assertEquals(200, connection.send(get(api)).read().status());

                assertTrue(connection.closedByServerWithin(Duration.ofSeconds(4)), "idle connection left open");
            }
        }
    }

    @Nested
    @Property(name = "petstore.server.max-connections", value = "2")
    class ConnectionCap extends HttpAdapterTest {

        @Test
        void aConnectionOverTheCapIs503AndClosed() throws InterruptedException {
            try (RawConnection first = api.connect(); RawConnection second = api.connect()) {
                assertEquals(200, first.send(get(api)).read().status());
                assertEquals(200, second.send(get(api)).read().status());
                try (RawConnection third = api.connect()) {
                    ApiResponse refused = third.read();

                    assertError(refused, 503, "SERVICE_UNAVAILABLE",
                            "The server has too many open connections; try again shortly");
                    assertHeader(refused, "Connection", "close");
                    assertTrue(third.closedByServer(), "connection over the cap left open");
                }
                assertEquals(200, first.send(get(api)).read().status(), "open connections keep working");
            }
            Thread.sleep(200);
            try (RawConnection again = api.connect()) {
                assertEquals(200, again.send(get(api)).read().status(), "closed connections are counted out");
            }
        }
    }
}
