package org.petstore.inventory.adapter.http.webhook.delivery;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIMatcher;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.StandardConstants;

/**
 * A webhook receiver for the tests, on the JDK's own HTTP server: it records every request it gets (with the local
 * address it was reached on) and answers as the test says. Over TLS it also records the server name (SNI) each
 * handshake asked for.
 */
final class Receiver implements AutoCloseable {

    /**
     * What the receiver got. Header names are as the JDK server reports them ({@code Webhook-id}); {@code fromPort}
     * is the client's port, the same for the requests of one connection.
     */
    record Request(String method, URI uri, Map<String, List<String>> headers, byte[] body, InetAddress reachedAt,
                   int fromPort) {
    }

    @FunctionalInterface
    interface Answer {
        void answer(HttpExchange exchange) throws IOException;
    }

    final List<Request> requests = new CopyOnWriteArrayList<>();
    private final List<String> serverNames;
    private final HttpServer server;
    private volatile Answer answer = exchange -> respond(exchange, 204, new byte[0]);

    private Receiver(HttpServer server, List<String> serverNames) {
        this.server = server;
        this.serverNames = serverNames;
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            try (exchange) {
                byte[] body;
                try (InputStream in = exchange.getRequestBody()) {
                    body = in.readAllBytes();
                }
                requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI(),
                        new TreeMap<>(exchange.getRequestHeaders()), body, exchange.getLocalAddress().getAddress(),
                        exchange.getRemoteAddress().getPort()));
                answer.answer(exchange);
            }
        });
        server.start();
    }

    static Receiver plain(String address, int port) {
        try {
            return new Receiver(HttpServer.create(new InetSocketAddress(address, port), 0), List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param keyStore a PKCS#12 file in the test resources, password {@code receiver-secret}
     */
    static Receiver tls(String keyStore) {
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Receiver.class.getResourceAsStream("/" + keyStore)) {
                keys.load(in, "receiver-secret".toCharArray());
            }
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, "receiver-secret".toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), null, null);
            HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            List<String> names = new CopyOnWriteArrayList<>();
            server.setHttpsConfigurator(new HttpsConfigurator(context) {
                @Override
                public void configure(HttpsParameters parameters) {
                    SSLParameters ssl = context.getDefaultSSLParameters();
                    ssl.setSNIMatchers(List.of(new SNIMatcher(StandardConstants.SNI_HOST_NAME) {
                        @Override
                        public boolean matches(SNIServerName name) {
                            names.add(new SNIHostName(name.getEncoded()).getAsciiName());
                            return true;
                        }
                    }));
                    parameters.setSSLParameters(ssl);
                }
            });
            return new Receiver(server, names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the server names the TLS handshakes asked for, in order */
    List<String> requestedServerNames() {
        return List.copyOf(serverNames);
    }

    int port() {
        return server.getAddress().getPort();
    }

    void answer(Answer next) {
        this.answer = next;
    }

    static void respond(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
