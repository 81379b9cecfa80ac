package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.annotation.Property;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A live stream of the stock ledger's feed that catches up from the first of many changes, on event loops that also
 * carry the virtual threads, as the service ships (bootstrap's {@code application.yml}).
 */
@Property(name = "micronaut.netty.event-loops.default.loom-carrier", value = "true")
class StockChangeStreamCatchUpTest extends HttpAdapterTest {

    /**
     * A client that follows the feed from the first of many changes and stops reading for a while holds the stream
     * back: the server reads the ledger only as far as the connection takes its changes (the socket's buffers hold
     * some thousands), instead of reading on and buffering the rest in memory for it (which, with a 64 MiB heap, once
     * ended such a stream after about a minute); when the client reads on, it gets every change once, in order.
     */
    @Test
    void aStreamCatchingUpGoesAtItsClientsPaceAndDeliversEveryChangeOnceInOrder() throws Exception {
        int count = 100_000;
        inventory.recordChanges(count);
        URL url = api.server().getURL();
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(8192);
            socket.connect(new InetSocketAddress(url.getHost(), url.getPort()));
            socket.getOutputStream().write(("GET /v1/inventory/changes?after=0 HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer " + ApiClient.KEY + "\r\nAccept: text/event-stream\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));

            Thread.sleep(2000);
            long read = inventory.changesRead();
            assertTrue(read < count / 2, "the server read " + read + " of " + count + " changes ahead of a client "
                    + "that read nothing");

            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            assertEquals("HTTP/1.1 200 OK", line(in));
            while (!line(in).isEmpty()) {
                // the response's headers
            }
            StringBuilder events = new StringBuilder();
            long expected = 1;
            while (expected <= count) {
                byte[] chunk = new byte[Integer.parseInt(line(in), 16)];
                in.readFully(chunk);
                line(in);
                events.append(new String(chunk, StandardCharsets.UTF_8));
                int end;
                while ((end = events.indexOf("\n")) >= 0) {
                    String line = events.substring(0, end);
                    events.delete(0, end + 1);
                    if (line.startsWith("id: ")) {
                        assertEquals("id: " + expected, line, "every change, once, in order");
                        expected++;
                    }
                }
            }
        }
    }

    /** A line of the response's head or of its chunked framing, without its CRLF. */
    private static String line(DataInputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int next;
        while ((next = in.read()) != '\n') {
            if (next < 0) {
                throw new EOFException("the server closed the stream");
            }
            if (next != '\r') {
                line.append((char) next);
            }
        }
        return line.toString();
    }
}
