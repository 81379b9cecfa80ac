package org.petstore.inventory.adapter.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A raw connection to the server: the test writes exactly the bytes it wants, reads the responses one by one and
 * sees whether the server closed the connection, all of which an HTTP client hides.
 */
final class RawConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;

    RawConnection(URL url, Duration timeout) {
        try {
            socket = new Socket(url.getHost(), url.getPort());
            socket.setSoTimeout((int) timeout.toMillis());
            in = socket.getInputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the text as ISO-8859-1 bytes; line ends are written as given (use {@code \r\n}). */
    RawConnection send(String text) {
        return send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    RawConnection send(byte[] bytes) {
        try {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    ApiResponse read() {
        try {
            return ApiClient.RawResponseReader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the response to a {@code HEAD} request: headers only. */
    ApiResponse readHead() {
        try {
            return ApiClient.RawResponseReader.readHead(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the server has sent something that has not been read yet. */
    boolean answered() {
        try {
            return in.available() > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /** Whether the server has closed the connection: reading ends, within the timeout, without another byte. */
    boolean closedByServer() {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the server closed the connection within the given time. */
    boolean closedByServerWithin(Duration duration) {
        try {
            int previous = socket.getSoTimeout();
            socket.setSoTimeout((int) duration.toMillis());
            try {
                return closedByServer();
            } finally {
                if (!socket.isClosed()) {
                    socket.setSoTimeout(previous);
                }
            }
        } catch (SocketException e) {
            return true;
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
