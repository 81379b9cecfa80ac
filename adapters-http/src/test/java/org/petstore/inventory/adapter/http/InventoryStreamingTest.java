package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.ApiAssertions.assertJson;

import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/inventory} for lists of any length: a short one is answered whole with its length, a long one is
 * streamed in chunks as it is read, with exactly the same JSON, and no faster than the client reads it. The list's
 * stream is always closed: at the end, when the client goes away, and when reading fails (which aborts the
 * connection, so that no client mistakes a truncated body for a shorter list).
 */
class InventoryStreamingTest extends HttpAdapterTest {

    private static final String[] STATUSES = {"available", "pending", "sold"};
    private static final Duration BOUND = Duration.ofSeconds(10);

    @Inject
    EmbeddedServer server;

    @Test
    void answersAShortListWholeWithItsLength() {
        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertEquals(List.of(String.valueOf(response.body().length())), response.header("Content-Length"),
                response::toString);
        assertEquals(List.of(), response.header("Transfer-Encoding"), response::toString);
        assertEquals(0, inventory.openLists(), "lists not closed");
    }

    @Test
    void streamsALongListInChunksWithEveryEntryInOrder() {
        inventory.fill(5_000);

        ApiResponse response = api.get("/v1/inventory").authorized().send();

        assertJson(response, 200, expectedJson(5_000));
        assertEquals(List.of("chunked"), response.header("Transfer-Encoding"));
        assertEquals(List.of(), response.header("Content-Length"));
        awaitTrue(() -> inventory.openLists() == 0, "the list's stream is closed");
    }

    @Test
    void aManagedKeyGetsALongListStreamedAsWell() {
        inventory.fill(5_000);

        ApiResponse response = api.get("/v1/inventory").bearer(keys.secretOf("storefront")).send();

        assertJson(response, 200, expectedJson(5_000));
        assertEquals(List.of("chunked"), response.header("Transfer-Encoding"));
        awaitTrue(() -> inventory.openLists() == 0, "the list's stream is closed");
    }

    @Test
    void aListThatFailsAfterTheFirstBytesAbortsTheConnection() {
        inventory.generateNextList(5_000, 3_000, new IllegalStateException("connection to the database lost"));

        assertThrows(UncheckedIOException.class, () -> api.get("/v1/inventory").authorized().send(),
                "a complete response although the list failed half-way");
        awaitTrue(() -> inventory.openLists() == 0, "the list's stream is closed");
    }

    @Test
    void aClientThatGoesAwayMidListReleasesTheList() throws IOException {
        long entries = 50_000_000;
        inventory.generateNextList(entries, entries, null);
        int listsBefore = inventory.listsOpened();

        URL url = server.getURL();
        try (Socket socket = new Socket(url.getHost(), url.getPort())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(("GET /v1/inventory HTTP/1.1\r\nHost: " + url.getHost() + "\r\n"
                    + "Authorization: Bearer " + ApiClient.KEY + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = socket.getInputStream();
            byte[] start = in.readNBytes(64 * 1024);
            assertTrue(new String(start, StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK"));
            assertEquals(listsBefore + 1, inventory.listsOpened(), "lists opened");
            socket.setSoLinger(true, 0);
        }

        awaitTrue(() -> inventory.openLists() == 0, "the list's stream is closed after the client went away");
        assertTrue(inventory.entriesRead() < entries, "read " + inventory.entriesRead() + " entries of " + entries);
    }

    @Test
    void aClientThatStopsReadingHoldsTheListBack() throws IOException, InterruptedException {
        long entries = 50_000_000;
        inventory.generateNextList(entries, entries, null);

        URL url = server.getURL();
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(64 * 1024);
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()));
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(("GET /v1/inventory HTTP/1.1\r\nHost: " + url.getHost() + "\r\n"
                    + "Authorization: Bearer " + ApiClient.KEY + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            byte[] start = socket.getInputStream().readNBytes(64 * 1024);
            assertTrue(new String(start, StandardCharsets.ISO_8859_1).startsWith("HTTP/1.1 200 OK"));

            // the client reads nothing more: once the socket buffers are full, the list is read no further
            long read;
            do {
                read = inventory.entriesRead();
                Thread.sleep(1_000);
            } while (inventory.entriesRead() != read);
            // about 45 bytes an entry: a million entries would be 45 MB waiting in the server for this client
            assertTrue(read < 1_000_000, "read " + read + " entries for a client that stopped reading");
            socket.setSoLinger(true, 0);
        }

        awaitTrue(() -> inventory.openLists() == 0, "the list's stream is closed after the client went away");
    }

    /** The JSON of {@link InMemoryInventory#fill(int)}'s entries, as a client must read it. */
    static String expectedJson(int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(petId -> "{\"petId\":" + petId + ",\"quantity\":" + petId % 1000 + ",\"status\":\""
                        + STATUSES[petId % 3] + "\"}")
                .collect(Collectors.joining(",", "[", "]"));
    }

    private static void awaitTrue(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within " + BOUND);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(what + ": interrupted", e);
            }
        }
    }
}
