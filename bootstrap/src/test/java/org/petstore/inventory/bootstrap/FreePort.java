package org.petstore.inventory.bootstrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * A TCP port that nothing listens on: for a service that a test starts in a process of its own, or for a database
 * address that refuses connections. The operating system hands the port out and the socket gives it back at once.
 */
final class FreePort {

    private FreePort() {
    }

    static int next() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
