package org.petstore.inventory.adapter.http.webhook.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.petstore.inventory.adapter.http.webhook.delivery.ScriptedHostAddresses.address;

import com.standardwebhooks.Webhook;
import io.micronaut.context.ApplicationContext;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.HttpClientConfiguration;
import io.micronaut.http.client.HttpClientRegistry;
import io.micronaut.http.ssl.ClientSslConfiguration;
import io.micronaut.http.ssl.SslConfiguration;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * A delivery attempt as a receiver sees it, through the {@link WebhookTransport} bean of a Micronaut context, against
 * JDK HTTP servers on loopback addresses. The networks 127.0.0.1/32 and 127.0.0.3/32 are admitted
 * ({@code petstore.webhook.allowed-networks}), so 127.0.0.2 is a refused (loopback) address; the attempt's deadline
 * is 3 s. The name lookup is the test's ({@link ScriptedHostAddresses}): it answers what each test says, and records
 * every host asked, both by the check before an attempt and by the clients' resolvers. The TLS tests use a second
 * transport that trusts the tests' own certificate authority.
 */
class MicronautWebhookTransportTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final WebhookSecret SECRET = WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    private static final String MESSAGE_ID = "msg_2xZ7yJ0dQ3m9Vf1kLp8RtA";
    private static final byte[] BODY = ("{\"type\":\"webhook.test\",\"timestamp\":\"2026-11-28T21:00:00Z\",\"data\":"
            + "{\"webhookId\":\"whk-0123456789ab\"}}").getBytes(StandardCharsets.UTF_8);

    private static ApplicationContext context;
    private static WebhookTransport transport;
    private static WebhookTransport trustingTheTestAuthority;

    private final List<AutoCloseable> receivers = new CopyOnWriteArrayList<>();

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void startTheClients() {
        context = ApplicationContext.builder().environments("test").properties(Map.of(
                ScriptedHostAddresses.SWITCH, "true",
                "petstore.webhook.allowed-networks", "127.0.0.1/32, 127.0.0.3/32",
                "petstore.webhook.timeout", TIMEOUT.toMillis() + "ms")).start();
        transport = context.getBean(WebhookTransport.class);
        SslConfiguration.TrustStoreConfiguration authority = new SslConfiguration.TrustStoreConfiguration();
        authority.setPath("classpath:webhook-receivers-trusted.p12");
        authority.setPassword("trusted-secret");
        authority.setType("PKCS12");
        ClientSslConfiguration tls = new ClientSslConfiguration();
        tls.setTrustStore(authority);
        trustingTheTestAuthority = new MicronautWebhookTransport(context.getBean(HttpClientRegistry.class), context,
                context.getBean(HostAddresses.class), context.getBean(WebhookDeliverySettings.class), tls);
        warmUp();
    }

    /**
     * One delivery over each client, with a generous deadline of its own, so that no test's deadline pays for the
     * clients' start-up (the event loop, the classes of Netty's TLS), which takes seconds on a busy machine.
     */
    private static void warmUp() {
        ScriptedHostAddresses.answer = host -> List.of(address("127.0.0.1"));
        try (Receiver plain = Receiver.plain("127.0.0.1", 0);
             Receiver tls = Receiver.tls("webhook-receiver-localhost.p12")) {
            long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            Map<String, WebhookTransport> deliveries = Map.of(
                    "http://localhost:" + plain.port() + "/", transport,
                    "https://localhost:" + tls.port() + "/", trustingTheTestAuthority);
            deliveries.forEach((url, client) -> {
                AttemptResult result;
                do {
                    result = client.send(delivery(url));
                } while (!result.succeeded() && System.nanoTime() < until);
                assertEquals(204, result.status(), () -> "warming up " + url);
            });
        }
    }

    @AfterAll
    static void stopTheClients() {
        context.close();
    }

    @BeforeEach
    void receiversAreNamedReceiverTest() {
        ScriptedHostAddresses.lookedUp.clear();
        ScriptedHostAddresses.answer = host -> switch (host) {
            case "receiver.test", "localhost", "receiver.example" -> List.of(address("127.0.0.1"));
            case "127.0.0.1", "127.0.0.2", "127.0.0.3" -> List.of(address(host));
            default -> throw new InvalidWebhookRequestException("the URL's host '" + host + "' does not resolve");
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

    private static OutgoingWebhook delivery(String url) {
        return new OutgoingWebhook(WebhookUrl.parse(url), MESSAGE_ID, BODY, List.of(SECRET), Instant.now());
    }

    private static AttemptResult post(String url) {
        return transport.send(delivery(url));
    }

    @Test
    void theServiceGetsThisTransport() {
        assertInstanceOf(MicronautWebhookTransport.class, transport);
    }

    @Test
    void theReceiverGetsExactlyTheBodyAndTheStandardWebhooksHeadersOfTheSpecificationsVector() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
        OutgoingWebhook vector = new OutgoingWebhook(
                WebhookUrl.parse("http://receiver.test:" + receiver.port() + "/hooks/stock?tenant=7"),
                "msg_p5jXN8AQM9LWM0D4loKWxJek", body, List.of(SECRET), Instant.ofEpochSecond(1614265330L, 999));

        AttemptResult result = transport.send(vector);

        assertEquals(204, result.status(), result::toString);
        assertNull(result.error());
        assertNull(result.retryAfter());
        assertNull(result.excerpt());
        assertTrue(result.succeeded());
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
        assertEquals(List.of("keep-alive"), got.headers().get("Connection"));
        assertEquals(Set.of("Connection", "Content-length", "Content-type", "Host", "Webhook-id", "Webhook-signature",
                "Webhook-timestamp"), got.headers().keySet());
    }

    @Test
    void duringARotationTheReceiverVerifiesEitherSecretWithTheReferenceLibrary() throws Exception {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        WebhookSecret next = WebhookSecret.generate(new SecureRandom());
        OutgoingWebhook rotating = new OutgoingWebhook(
                WebhookUrl.parse("http://receiver.test:" + receiver.port() + "/hooks"), MESSAGE_ID, BODY,
                List.of(next, SECRET), Instant.now());

        AttemptResult result = transport.send(rotating);

        assertEquals(204, result.status(), result::toString);
        Receiver.Request got = receiver.requests.getFirst();
        String signature = got.headers().get("Webhook-signature").getFirst();
        assertEquals(2, signature.split(" ", -1).length, signature);
        Map<String, List<String>> headers = Map.of(
                "webhook-id", got.headers().get("Webhook-id"),
                "webhook-timestamp", got.headers().get("Webhook-timestamp"),
                "webhook-signature", got.headers().get("Webhook-signature"));
        String payload = new String(got.body(), StandardCharsets.UTF_8);
        new Webhook(next.text()).verify(payload, headers);
        new Webhook(SECRET.text()).verify(payload, headers);
    }

    @Test
    void a2xxIsASuccessWithTheStartOfItsAnswer() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> Receiver.respond(exchange, 200, "{\"ok\":true}".getBytes(StandardCharsets.UTF_8)));

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(200, result.status(), result::toString);
        assertTrue(result.succeeded());
        assertEquals("{\"ok\":true}", result.excerpt());
    }

    @Test
    void aRedirectIsAFailureAndIsNotFollowed() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> {
            exchange.getResponseHeaders().add("Location", "http://receiver.test:" + receiver.port() + "/elsewhere");
            Receiver.respond(exchange, 302, new byte[0]);
        });

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(DeliveryError.REDIRECT_REFUSED, result.error(), result::toString);
        assertNull(result.status());
        assertEquals(1, receiver.requests.size());
        assertEquals("/hooks", receiver.requests.getFirst().uri().toString());
    }

    @Test
    void aGoneReceiverSays410() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> Receiver.respond(exchange, 410, new byte[0]));

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(410, result.status(), result::toString);
        assertTrue(result.gone());
    }

    @Test
    void aSlowReceiverTimesOutAtTheDeadline() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> {
            try {
                Thread.sleep(TIMEOUT.multipliedBy(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Receiver.respond(exchange, 204, new byte[0]);
        });

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(DeliveryError.TIMEOUT, result.error(), result::toString);
        assertTrue(result.duration().compareTo(TIMEOUT.minusMillis(100)) >= 0, result::toString);
        assertTrue(result.duration().compareTo(TIMEOUT.plusSeconds(1)) < 0, result::toString);
    }

    @Test
    void aClosedPortIsRefused() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, address("127.0.0.1"))) {
            closedPort = socket.getLocalPort();
        }

        AttemptResult result = post("http://receiver.test:" + closedPort + "/hooks");

        assertEquals(DeliveryError.REFUSED, result.error(), result::toString);
    }

    @Test
    void aHostThatDoesNotResolveIsAnAddressRefusal() {
        AttemptResult result = post("http://nowhere.test:8080/hooks");

        assertEquals(DeliveryError.ADDRESS_REFUSED, result.error(), result::toString);
        assertEquals(List.of("nowhere.test"), ScriptedHostAddresses.lookedUp);
    }

    @Test
    void aHostWithARefusedAddressIsNeverConnectedTo() throws Exception {
        AcceptCounter listener = started(new AcceptCounter());
        ScriptedHostAddresses.answer = host -> List.of(address("127.0.0.1"), address("10.0.0.1"));

        AttemptResult refused = post("http://receiver.test:" + listener.port() + "/hooks");

        assertEquals(DeliveryError.ADDRESS_REFUSED, refused.error(), refused::toString);
        assertEquals(0, listener.accepted());

        // the same listener, reached through an address that passes: the count would have seen a connection
        ScriptedHostAddresses.answer = host -> List.of(address("127.0.0.1"));
        AttemptResult reached = post("http://receiver.test:" + listener.port() + "/hooks");
        assertEquals(DeliveryError.TIMEOUT, reached.error(), reached::toString);
        assertEquals(1, listener.accepted());
    }

    @Test
    void anAnswerThatChangesBetweenTheCheckAndTheConnectionIsCheckedAgainAndCannotRedirect() throws Exception {
        AcceptCounter first = started(new AcceptCounter());
        AcceptCounter second = started(new AcceptCounter("127.0.0.2", first.port()));
        AtomicInteger calls = new AtomicInteger();
        // the check before the attempt sees an admitted address; the client's own lookup, a refused one
        ScriptedHostAddresses.answer = host -> List.of(address(calls.incrementAndGet() == 1 ? "127.0.0.1" : "127.0.0.2"));

        AttemptResult result = post("http://rebinding.test:" + first.port() + "/hooks");

        assertEquals(DeliveryError.ADDRESS_REFUSED, result.error(), result::toString);
        assertEquals(2, calls.get());
        assertEquals(0, first.accepted());
        assertEquals(0, second.accepted());
    }

    @Test
    void theConnectionGoesToTheAddressTheClientCheckedKeptForLaterDeliveriesWhichAreCheckedEachTime() {
        Receiver first = started(Receiver.plain("127.0.0.1", 0));
        Receiver third = started(Receiver.plain("127.0.0.3", first.port()));
        AtomicInteger calls = new AtomicInteger();
        ScriptedHostAddresses.answer = host -> List.of(address(calls.incrementAndGet() == 1 ? "127.0.0.1" : "127.0.0.3"));
        String url = "http://pinned.test:" + first.port() + "/hooks";

        AttemptResult pinned = post(url);

        // the check before the attempt saw 127.0.0.1; the connection went where the client's own lookup led
        assertEquals(204, pinned.status(), pinned::toString);
        assertEquals(2, calls.get());
        assertEquals(0, first.requests.size());
        assertEquals(List.of(address("127.0.0.3")), third.requests.stream().map(Receiver.Request::reachedAt).toList());

        // the next delivery looks the host up again: its answer now is refused, so the open connection is not used
        ScriptedHostAddresses.answer = host -> List.of(address("127.0.0.2"));
        AttemptResult rebound = post(url);

        assertEquals(DeliveryError.ADDRESS_REFUSED, rebound.error(), rebound::toString);
        assertEquals(1, third.requests.size());

        // and once it passes again, the kept connection to the checked address carries the delivery
        ScriptedHostAddresses.answer = host -> List.of(address("127.0.0.3"));
        AttemptResult again = post(url);

        assertEquals(204, again.status(), again::toString);
        assertEquals(2, third.requests.size());
        assertEquals(third.requests.get(0).fromPort(), third.requests.get(1).fromPort());
        assertEquals(0, first.requests.size());
    }

    @Test
    void deliveriesToOneReceiverShareAConnectionAndEachIsCheckedFirst() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        String url = "http://receiver.test:" + receiver.port() + "/hooks";

        for (int i = 0; i < 3; i++) {
            AttemptResult result = post(url);
            assertEquals(204, result.status(), result::toString);
        }

        assertEquals(3, receiver.requests.size());
        assertEquals(1, receiver.requests.stream().map(Receiver.Request::fromPort).distinct().count(),
                receiver.requests::toString);
        // three checks before the attempts, and one by the client for its one connection
        assertEquals(List.of("receiver.test", "receiver.test", "receiver.test", "receiver.test"),
                ScriptedHostAddresses.lookedUp);
    }

    @Test
    void anIpLiteralGoesThroughTheCheckToo() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));

        AttemptResult admitted = post("http://127.0.0.1:" + receiver.port() + "/hooks");
        AttemptResult refused = post("http://127.0.0.2:" + receiver.port() + "/hooks");

        assertEquals(204, admitted.status(), admitted::toString);
        assertEquals(DeliveryError.ADDRESS_REFUSED, refused.error(), refused::toString);
        assertEquals(List.of("127.0.0.1", "127.0.0.1", "127.0.0.2"), ScriptedHostAddresses.lookedUp);
        assertEquals(1, receiver.requests.size());
    }

    @Test
    void plainHttpGoesOnlyIntoAnAdmittedNetwork() throws Exception {
        AcceptCounter listener = started(new AcceptCounter());
        ScriptedHostAddresses.answer = host -> List.of(address("8.8.8.8"));

        AttemptResult publicAddress = post("http://public.test:" + listener.port() + "/hooks");

        assertEquals(DeliveryError.ADDRESS_REFUSED, publicAddress.error(), publicAddress::toString);
        assertEquals(List.of("public.test"), ScriptedHostAddresses.lookedUp);

        // the http:// client's own lookup applies the same rule: an answer that turns public is refused there too
        AtomicInteger calls = new AtomicInteger();
        ScriptedHostAddresses.answer = host -> List.of(address(calls.incrementAndGet() == 1 ? "127.0.0.1" : "8.8.8.8"));
        AttemptResult turnedPublic = post("http://turning.test:" + listener.port() + "/hooks");

        assertEquals(DeliveryError.ADDRESS_REFUSED, turnedPublic.error(), turnedPublic::toString);
        assertEquals(2, calls.get());
        assertEquals(0, listener.accepted());
    }

    @Test
    void aUrlWithUserInformationNeverReachesTheTransport() {
        // Micronaut's client would turn user information into an Authorization header; WebhookUrl refuses it
        assertThrows(InvalidWebhookRequestException.class,
                () -> delivery("https://user:secret@receiver.test/hooks"));
    }

    @Test
    void theStatusOfAFailureComesWithItsRetryAfterAndASanitisedShortExcerpt() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        byte[] answer = ("oops\r\n\t\u00e9\u0000<" + "x".repeat(5000)).getBytes(StandardCharsets.UTF_8);
        receiver.answer(exchange -> {
            exchange.getResponseHeaders().add("Retry-After", "120");
            Receiver.respond(exchange, 503, answer);
        });

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(503, result.status(), result::toString);
        assertEquals(Duration.ofSeconds(120), result.retryAfter());
        assertEquals(AttemptResult.MAX_EXCERPT, result.excerpt().length());
        assertEquals("oops   ???<" + "x".repeat(189), result.excerpt());
    }

    @Test
    void retryAfterAsAnHttpDateCountsFromTheAttemptsTime() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        Instant attemptAt = Instant.now().minusSeconds(30);
        String inNinetySeconds = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                attemptAt.plusSeconds(90).atOffset(ZoneOffset.UTC));
        receiver.answer(exchange -> {
            exchange.getResponseHeaders().add("Retry-After", inNinetySeconds);
            Receiver.respond(exchange, 429, new byte[0]);
        });

        AttemptResult result = transport.send(new OutgoingWebhook(
                WebhookUrl.parse("http://receiver.test:" + receiver.port() + "/hooks"), MESSAGE_ID, BODY,
                List.of(SECRET), attemptAt.minusNanos(attemptAt.getNano())));

        assertEquals(429, result.status(), result::toString);
        assertEquals(Duration.ofSeconds(90), result.retryAfter());
    }

    @Test
    void retryAfterCountsFor429And503Only() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        receiver.answer(exchange -> {
            exchange.getResponseHeaders().add("Retry-After", "120");
            Receiver.respond(exchange, 500, new byte[0]);
        });

        AttemptResult result = post("http://receiver.test:" + receiver.port() + "/hooks");

        assertEquals(500, result.status(), result::toString);
        assertNull(result.retryAfter());
    }

    @Test
    void retryAfterIsReadInBothFormsAndNeverBelowZero() {
        Instant at = Instant.parse("2026-11-28T21:00:00Z");

        assertEquals(Duration.ofSeconds(120), MicronautWebhookTransport.retryAfter(" 120 ", at));
        assertEquals(Duration.ZERO, MicronautWebhookTransport.retryAfter("0", at));
        assertEquals(Duration.ofSeconds(Long.MAX_VALUE),
                MicronautWebhookTransport.retryAfter("99999999999999999999999", at));
        assertEquals(Duration.ofSeconds(90),
                MicronautWebhookTransport.retryAfter("Sat, 28 Nov 2026 21:01:30 GMT", at));
        // the two obsolete forms, which a recipient must accept too (RFC 9110 §5.6.7)
        assertEquals(Duration.ofSeconds(90),
                MicronautWebhookTransport.retryAfter("Saturday, 28-Nov-26 21:01:30 GMT", at));
        assertEquals(Duration.ofSeconds(90), MicronautWebhookTransport.retryAfter("Sat Nov 28 21:01:30 2026", at));
        assertEquals(Duration.ZERO, MicronautWebhookTransport.retryAfter("Sat, 28 Nov 2026 20:00:00 GMT", at));
        assertNull(MicronautWebhookTransport.retryAfter(null, at));
        assertNull(MicronautWebhookTransport.retryAfter("", at));
        assertNull(MicronautWebhookTransport.retryAfter("-5", at));
        assertNull(MicronautWebhookTransport.retryAfter("soon", at));
        assertNull(MicronautWebhookTransport.retryAfter("1.5", at));
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

        AttemptResult result = post(url);

        assertEquals(200, result.status(), result::toString);
        assertEquals("y".repeat(AttemptResult.MAX_EXCERPT), result.excerpt());
        assertTrue(result.duration().compareTo(TIMEOUT) < 0, result::toString);
        // Micronaut drains a body it stopped reading to its end; the webhook client closes the connection instead,
        // at the latest when the attempt's deadline has passed since the request was written
        assertTrue(cutOff.await(TIMEOUT.plusSeconds(2).toMillis(), TimeUnit.MILLISECONDS),
                "the client closed the connection");
        // and the next delivery finds a connection that works
        receiver.answer(exchange -> Receiver.respond(exchange, 204, new byte[0]));
        assertEquals(204, post(url).status());
    }

    @Test
    void overTlsTheCertificateMustNameTheUrlsHostAlthoughTheAddressIsPinned() {
        Receiver localhost = started(Receiver.tls("webhook-receiver-localhost.p12"));
        Receiver elsewhere = started(Receiver.tls("webhook-receiver-elsewhere.p12"));

        AttemptResult matching = trustingTheTestAuthority.send(delivery("https://localhost:" + localhost.port() + "/"));
        AttemptResult otherName = trustingTheTestAuthority.send(
                delivery("https://localhost:" + elsewhere.port() + "/hooks"));
        AttemptResult itsName = trustingTheTestAuthority.send(
                delivery("https://receiver.example:" + elsewhere.port() + "/hooks"));

        assertEquals(204, matching.status(), matching::toString);
        assertEquals(DeliveryError.TLS, otherName.error(), otherName::toString);
        assertEquals(204, itsName.status(), itsName::toString);
        assertEquals(1, localhost.requests.size());
        assertEquals(1, elsewhere.requests.size());
        // the JDK sends no SNI for a name without a dot (localhost), so only the last handshake named its host
        assertEquals(List.of("receiver.example"), elsewhere.requestedServerNames());
    }

    @Test
    void aCertificateTheJdkDoesNotTrustFailsWithTls() {
        Receiver localhost = started(Receiver.tls("webhook-receiver-localhost.p12"));

        AttemptResult result = post("https://localhost:" + localhost.port() + "/hooks");

        assertEquals(DeliveryError.TLS, result.error(), result::toString);
        assertEquals(0, localhost.requests.size());
    }

    @Test
    void theClientsAreMadeToConnectOnlyToCheckedAddresses() {
        for (String group : List.of(CheckedAddressResolverGroup.HTTPS, CheckedAddressResolverGroup.HTTP)) {
            HttpClientConfiguration configuration = MicronautWebhookTransport.configuration(group, TIMEOUT,
                    new ClientSslConfiguration());

            assertEquals(group, configuration.getAddressResolverGroupName());
            assertFalse(configuration.isFollowRedirects());
            assertSame(Proxy.NO_PROXY, configuration.resolveProxy(true, "receiver.test", 443));
            assertSame(Proxy.NO_PROXY, configuration.resolveProxy(false, "receiver.test", 80));
            assertTrue(configuration.getSslConfiguration().isEnabled());
            assertEquals(WebhookClientFactory.EVENT_LOOP, configuration.getEventLoopGroup());
        }
    }

    @Test
    void theClientsRunOnOneThreadOfTheirOwn() {
        Receiver receiver = started(Receiver.plain("127.0.0.1", 0));
        assertEquals(204, post("http://receiver.test:" + receiver.port() + "/hooks").status());

        List<String> threads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith(WebhookClientFactory.EVENT_LOOP)).toList();

        assertEquals(1, threads.size(), threads::toString);
    }

    /** A TCP listener that only counts the connections it accepts. */
    private static final class AcceptCounter implements AutoCloseable {
        private final ServerSocket socket;
        private final AtomicInteger accepted = new AtomicInteger();
        private final List<Socket> open = new CopyOnWriteArrayList<>();
        private final Thread acceptor;

        AcceptCounter() throws IOException {
            this("127.0.0.1", 0);
        }

        AcceptCounter(String address, int port) throws IOException {
            socket = new ServerSocket(port, 50, InetAddress.getByName(address));
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
        public void close() throws IOException {
            socket.close();
            try {
                acceptor.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (Socket connection : open) {
                connection.close();
            }
        }
    }
}
