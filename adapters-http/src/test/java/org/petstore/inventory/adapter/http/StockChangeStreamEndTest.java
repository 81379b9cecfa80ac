package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertError;

import io.micronaut.context.annotation.Property;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A live stream of the stock ledger whose cursor retention overtook while it was open: it ends (its chunked body
 * completes), and the client's connection answers its next request, the reconnection with {@code Last-Event-ID},
 * which is 410. The ledger is read for the streams every 3 s here, so that the changes and their removal all fall
 * between two reads.
 */
@Property(name = "petstore.ledger.stream-poll-interval", value = "3s")
class StockChangeStreamEndTest extends HttpAdapterTest {

    private static final String STREAM_REQUEST = "GET /v1/inventory/changes?after=1 HTTP/1.1\r\nHost: localhost\r\n"
            + "Authorization: Bearer " + ApiClient.KEY + "\r\nAccept: text/event-stream\r\n";

    private void patch(long petId, int quantity) {
        assertEquals(200, api.patch("/v1/inventory/" + petId).authorized().json("{\"quantity\":" + quantity + "}")
                .send().status());
    }

    @Test
    void aStreamThatRetentionOvertookEndsAndItsConnectionAnswersTheReconnectionWith410() throws Exception {
        patch(1, 5);
        try (RawConnection connection = api.connect()) {
            connection.send(STREAM_REQUEST + "\r\n");
            // the stream opens and the ledger is read for it at once; the next read is 3 s later
            Thread.sleep(500);
            patch(1, 6);
            patch(1, 7);
            inventory.removeChangesThrough(2);

            ApiResponse ended = connection.read();
            assertAll(
                    () -> assertEquals(200, ended.status()),
                    () -> assertEquals(List.of("text/event-stream"), ended.header("Content-Type")),
                    () -> assertEquals(": the changes after 1\n\n\n", ended.body(),
                            "the opening comment, then the end"));

            connection.send(STREAM_REQUEST + "Last-Event-ID: 1\r\n\r\n");
            assertError(connection.read(), 410, "CURSOR_EXPIRED", "Changes after 1 up to 2 are no longer kept: read "
                    + "the list again (GET /v1/inventory), then follow the changes after 3");
        }
    }
}
