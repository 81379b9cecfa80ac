package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.context.ApplicationContext;
import io.micronaut.http.client.DefaultHttpClientConfiguration;
import io.micronaut.http.client.ServiceHttpClientConfiguration;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.netty.resolver.AddressResolverGroup;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A delivery attempt as a receiver sees it, through Micronaut's client configured as the named service
 * {@code webhooks} (the settings below are the ones the service's {@code application.yml} must carry, with shorter
 * timeouts), against JDK HTTP servers on loopback addresses. The name lookup is the test's: it answers what each test
 * says and counts its calls, and the address check admits what each test says (loopback by default).
 */
class MicronautWebhookTransportTest {

    private static final Duration READ_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(3);

    /** The settings of the named client, as bootstrap's application.yml must give them (shorter timeouts here). */
    static Map<String, Object> webhookClientSettings() {
        Map<String, Object> settings = new LinkedHashMap<>();
        String service = "micronaut.http.services.webhooks.";
        settings.put(service + "address-resolver-group-name", CheckedAddressResolverGroup.NAME);
        settings.put(service + "follow-redirects", false);
        settings.put(service + "pool.enabled", false);
        settings.put(service + "connect-timeout", "2s");
        settings.put(service + "read-timeout", READ_TIMEOUT.toMillis() + "ms");
        settings.put(service + "ssl.enabled", true);
        settings.put(service + "ssl.trust-store.path", "classpath:webhook-receivers-trusted.p12");
        settings.put(service + "ssl.trust-store.password", "trusted-secret");
        settings.put(service + "ssl.trust-store.type", "PKCS12");
        settings.put("petstore.webhooks.attempt-timeout", ATTEMPT_TIMEOUT.toMillis() + "ms");
        return settings;
    }

    private static ApplicationContext context;
    private static MicronautWebhookTransport transport;
    private static volatile Function<String, List<InetAddress>> lookup;
    private static volatile Predicate<InetAddress> accepted;
    private static final List<String> lookedUp = new CopyOnWriteArrayList<>();

    private final List<AutoCloseable> receivers = new CopyOnWriteArrayList<>();

    @BeforeAll
    @SuppressWarnings({"unchecked", "rawtypes"})
    static void startTheClient() {
        context = ApplicationContext.builder().environments("test").properties(webhookClientSettings()).start();
        CheckedAddressResolverGroup group = new CheckedAddressResolverGroup(
                address -> accepted.test(address),
                host -> {
                    lookedUp.add(host);
                    return lookup.apply(host);
                },
                command -> Thread.ofVirtual().start(command));
        context.registerSingleton((Class) AddressResolverGroup.class, group,
                Qualifiers.byName(CheckedAddressResolverGroup.NAME));
        transport = context.getBean(MicronautWebhookTransport.class);
    }

    @AfterAll
    static void stopTheClient() {
        context.close();
    }

    @BeforeEach
    void loopbackOnly() {
        lookedUp.clear();
        accepted = InetAddress::isLoopbackAddress;
        lookup = host -> {
            try {
                return List.of(InetAddress.getAllByName(host.equals("receiver.test") ? "127.0.0.1" : host));
            } catch (UnknownHostException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @AfterEach
    void stopTheReceivers() throws Exception {
        for (AutoCloseable receiver : receivers) {
            receiver.close();
        }
    }

    private <T extends AutoCloseable> T started(T receiver) {
        receivers.add(receiver);
        return receiver;
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static SendOutcome post(String url) {
        return transport.send(URI.create(url), Map.of("Content-Type", "application/json"),
                "{}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theReceiverGetsExactlyTheBodyAndTheHeadersGiven() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        byte[] body = "{\"type\":\"webhook.test\",\"data\":{\"note\":\"caf\u00e9\"}}".getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", "msg_p5jXN8AQM9LWM0D4loKWxJek");
        headers.put("webhook-timestamp", "1614265330");
        headers.put("webhook-signature", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
        headers.put("Content-Type", "application/json");

        SendOutcome outcome = transport.send(
                URI.create("http://receiver.test:" + receiver.port() + "/hooks/stock?tenant=7"), headers, body);

        assertEquals(204, outcome.status(), outcome::toString);
        assertNull(outcome.error());
        assertTrue(outcome.succeeded());
        assertEquals(1, receiver.requests.size());
        Receiver.Request got = receiver.requests.getFirst();
        assertEquals("POST", got.method());
        assertEquals("/hooks/stock?tenant=7", got.uri().toString());
        assertArrayEquals(body, got.body());
        assertEquals(List.of("msg_p5jXN8AQM9LWM0D4loKWxJek"), got.headers().get("Webhook-id"));
        assertEquals(List.of("1614265330"), got.headers().get("Webhook-timestamp"));
        assertEquals(List.of("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="), got.headers().get("Webhook-signature"));
        assertEquals(List.of("application/json"), got.headers().get("Content-type"));
        assertEquals(List.of("receiver.test:" + receiver.port()), got.headers().get("Host"));
        assertEquals(List.of(String.valueOf(body.length)), got.headers().get("Content-length"));
        assertEquals(List.of("receiver.test"), lookedUp);
    }

    @Test
    void aRedirectIsAFailureAndIsNotFollowed() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> {
            exchange.getResponseHeaders().add("Location", "http://receiver.test:" + receiver.port() + "/elsewhere");
            Receiver.respond(exchange, 302, new byte[0]);
        });

        SendOutcome outcome = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(SendError.REDIRECT_REFUSED, outcome.error(), outcome::toString);
        assertNull(outcome.status());
        assertEquals(1, receiver.requests.size());
        assertEquals("/hooks", receiver.requests.getFirst().uri().toString());
    }

    @Test
    void aSlowReceiverTimesOut() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> {
            try {
                Thread.sleep(ATTEMPT_TIMEOUT.multipliedBy(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Receiver.respond(exchange, 204, new byte[0]);
        });

        SendOutcome outcome = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(SendError.TIMEOUT, outcome.error(), outcome::toString);
        assertTrue(outcome.duration().compareTo(READ_TIMEOUT.minusMillis(100)) >= 0, outcome::toString);
        assertTrue(outcome.duration().compareTo(ATTEMPT_TIMEOUT.plusSeconds(1)) < 0, outcome::toString);
    }

    @Test
    void aClosedPortIsRefused() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, address("127.0.0.1"))) {
            closedPort = socket.getLocalPort();
        }

        SendOutcome outcome = post("http://receiver.test:" + closedPort + "/hooks");

        assertEquals(SendError.REFUSED, outcome.error(), outcome::toString);
    }

    @Test
    void anUnknownHostIsANetworkFailure() {
        lookup = host -> {
            throw new UncheckedIOException(new UnknownHostException(host));
        };

        SendOutcome outcome = post("http://nowhere.test:8080/hooks");

        assertEquals(SendError.NETWORK, outcome.error(), outcome::toString);
    }

    @Test
    void aHostWithARefusedAddressIsNeverConnectedTo() throws Exception {
        AcceptCounter listener = started(new AcceptCounter());
        lookup = host -> List.of(address("127.0.0.1"), address("10.0.0.1"));

        SendOutcome refused = post("http://receiver.test:" + listener.port() + "/hooks");

        assertEquals(SendError.ADDRESS_REFUSED, refused.error(), refused::toString);
        assertEquals(0, listener.accepted());

        // the same listener, reached through an address that passes: the count would have seen a connection
        lookup = host -> List.of(address("127.0.0.1"));
        SendOutcome reached = post("http://receiver.test:" + listener.port() + "/hooks");
        assertEquals(SendError.TIMEOUT, reached.error(), reached::toString);
        assertEquals(1, listener.accepted());
    }

    @Test
    void theConnectionGoesToTheAddressThatWasCheckedAndEachDeliveryChecksAgain() {
        Receiver first = started(Receiver.plain("127.0.0.1", 0));
        Receiver second = started(Receiver.plain("127.0.0.2", first.port()));
        AtomicInteger calls = new AtomicInteger();
        lookup = host -> List.of(address(calls.incrementAndGet() == 1 ? "127.0.0.1" : "127.0.0.2"));
        accepted = candidate -> candidate.equals(address("127.0.0.1"));
        String url = "http://receiver.test:" + first.port() + "/hooks";

        SendOutcome checked = post(url);

        assertEquals(204, checked.status(), checked::toString);
        assertEquals(1, calls.get());
        assertEquals(1, first.requests.size());
        assertEquals(address("127.0.0.1"), first.requests.getFirst().reachedAt());
        assertEquals(0, second.requests.size());

        // no pooled connection: the next delivery looks the host up again, and its new answer is refused
        SendOutcome rebound = post(url);

        assertEquals(SendError.ADDRESS_REFUSED, rebound.error(), rebound::toString);
        assertEquals(2, calls.get());
        assertEquals(1, first.requests.size());
        assertEquals(0, second.requests.size());

        // the second receiver is reachable once its address passes, so its empty log above means something
        accepted = InetAddress::isLoopbackAddress;
        SendOutcome admitted = post(url);

        assertEquals(204, admitted.status(), admitted::toString);
        assertEquals(1, second.requests.size());
        assertEquals(address("127.0.0.2"), second.requests.getFirst().reachedAt());
    }

    @Test
    void anIpLiteralGoesThroughTheCheckToo() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));

        SendOutcome admitted = post("http://127.0.0.1:" + receiver.port() + "/hooks");

        assertEquals(204, admitted.status(), admitted::toString);
        assertEquals(List.of("127.0.0.1"), lookedUp);

        accepted = candidate -> false;
        SendOutcome refused = post("http://127.0.0.1:" + receiver.port() + "/hooks");

        assertEquals(SendError.ADDRESS_REFUSED, refused.error(), refused::toString);
        assertEquals(1, receiver.requests.size());
    }

    @Test
    void theStatusOfAFailureComesWithASanitisedShortExcerptOfTheAnswer() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        byte[] answer = ("oops\r\n\t\u00e9\u0000<" + "x".repeat(5000)).getBytes(StandardCharsets.UTF_8);
        receiver.answer(exchange -> Receiver.respond(exchange, 503, answer));

        SendOutcome outcome = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(503, outcome.status(), outcome::toString);
        assertEquals(200, outcome.excerpt().length());
        assertEquals("oops   ???<" + "x".repeat(189), outcome.excerpt());
    }

    @Test
    void anEndlessAnswerIsCutAfterTheExcerpt() throws InterruptedException {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        String url = "http://receiver.test:" + receiver.port() + "/hooks";
        // a first delivery, so that the one measured below does not carry the client's start-up
        assertEquals(204, post(url).status());
        CountDownLatch cutOff = new CountDownLatch(1);
        receiver.answer(exchange -> {
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            byte[] chunk = "y".repeat(4096).getBytes(StandardCharsets.US_ASCII);
            try {
                while (true) {
                    out.write(chunk);
                    out.flush();
                }
            } catch (IOException closedByTheClient) {
                cutOff.countDown();
            }
        });

        SendOutcome outcome = post(url);

        assertEquals(200, outcome.status(), outcome::toString);
        assertEquals("y".repeat(200), outcome.excerpt());
        assertTrue(outcome.duration().compareTo(READ_TIMEOUT) < 0, outcome::toString);
        // Micronaut drains a body it stopped reading to its end; the webhook client closes the connection instead,
        // at the latest when the attempt's deadline has passed since it was opened
        assertTrue(cutOff.await(ATTEMPT_TIMEOUT.plusSeconds(2).toMillis(), TimeUnit.MILLISECONDS),
                "the client closed the connection");
    }

    @Test
    void overTlsTheCertificateMustNameTheUrlsHostAlthoughTheAddressIsPinned() {
        Receiver localhost = started(Receiver.tls("webhook-receiver-localhost.p12"));
        Receiver elsewhere = started(Receiver.tls("webhook-receiver-elsewhere.p12"));
        lookup = host -> List.of(address("127.0.0.1"));

        SendOutcome matching = post("https://localhost:" + localhost.port() + "/hooks");
        SendOutcome otherName = post("https://localhost:" + elsewhere.port() + "/hooks");
        SendOutcome itsName = post("https://receiver.example:" + elsewhere.port() + "/hooks");

        assertEquals(204, matching.status(), matching::toString);
        assertEquals(SendError.TLS, otherName.error(), otherName::toString);
        assertEquals(204, itsName.status(), itsName::toString);
        assertEquals(1, localhost.requests.size());
        assertEquals(1, elsewhere.requests.size());
        // the JDK sends no SNI for a name without a dot (localhost), so only the last handshake named its host
        assertEquals(List.of("receiver.example"), elsewhere.requestedServerNames());
        assertEquals(List.of("localhost", "localhost", "receiver.example"), lookedUp);
    }

    @Test
    void theServiceUsesNoProxy() {
        ServiceHttpClientConfiguration configuration = context.getBean(ServiceHttpClientConfiguration.class,
                Qualifiers.byName(MicronautWebhookTransport.SERVICE));

        assertSame(Proxy.NO_PROXY, configuration.resolveProxy(true, "receiver.test", 443));
        assertSame(Proxy.NO_PROXY, configuration.resolveProxy(false, "receiver.test", 80));
    }

    @Test
    void aServiceConfigurationThatWouldSkipTheCheckIsRefused() {
        DefaultHttpClientConfiguration defaults = new DefaultHttpClientConfiguration();
        defaults.getSslConfiguration().setEnabled(false);

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> MicronautWebhookTransport.requireCheckedAddressesOnly(defaults));

        assertEquals("micronaut.http.services.webhooks needs address-resolver-group-name: webhook-addresses, "
                + "follow-redirects: false, pool.enabled: false, ssl.enabled: true, so that webhook deliveries "
                + "connect only to the addresses that were checked", refused.getMessage());

        DefaultHttpClientConfiguration proxied = new DefaultHttpClientConfiguration();
        proxied.setAddressResolverGroupName(CheckedAddressResolverGroup.NAME);
        proxied.setFollowRedirects(false);
        proxied.getConnectionPoolConfiguration().setEnabled(false);
        proxied.getSslConfiguration().setEnabled(true);
        proxied.setProxyAddress(new InetSocketAddress("127.0.0.1", 3128));
        IllegalStateException viaProxy = assertThrows(IllegalStateException.class,
                () -> MicronautWebhookTransport.requireCheckedAddressesOnly(proxied));
        assertEquals("micronaut.http.services.webhooks needs no proxy-address and no proxy-selector, so that webhook "
                + "deliveries connect only to the addresses that were checked", viaProxy.getMessage());
    }

    @Test
    void theSettingsOfTheTestsPassTheCheck() {
        ServiceHttpClientConfiguration configuration = context.getBean(ServiceHttpClientConfiguration.class,
                Qualifiers.byName(MicronautWebhookTransport.SERVICE));

        MicronautWebhookTransport.requireCheckedAddressesOnly(configuration);
    }

    /** A TCP listener that only counts the connections it accepts. */
    private static final class AcceptCounter implements AutoCloseable {
        private final ServerSocket socket;
        private final AtomicInteger accepted = new AtomicInteger();
        private final List<Socket> open = new CopyOnWriteArrayList<>();
        private final Thread acceptor;

        AcceptCounter() throws IOException {
            socket = new ServerSocket(0, 50, address("127.0.0.1"));
            socket.setSoTimeout(100);
            acceptor = Thread.ofVirtual().start(() -> {
                while (!socket.isClosed()) {
                    try {
                        open.add(socket.accept());
                        accepted.incrementAndGet();
                    } catch (SocketTimeoutException e) {
                        // look again
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        int port() {
            return socket.getLocalPort();
        }

        int accepted() {
            return accepted.get();
        }

        @Override
        public void close() throws Exception {
            socket.close();
            acceptor.join();
            for (Socket connection : open) {
                connection.close();
            }
        }
    }
}
