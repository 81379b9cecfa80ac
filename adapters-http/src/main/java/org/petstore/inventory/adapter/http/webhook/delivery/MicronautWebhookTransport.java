package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.BeanContext;
import io.micronaut.core.io.buffer.ByteArrayBufferFactory;
import io.micronaut.http.ByteBodyHttpResponse;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.client.DefaultHttpClientConfiguration;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.HttpClientConfiguration;
import io.micronaut.http.client.HttpClientRegistry;
import io.micronaut.http.client.HttpVersionSelection;
import io.micronaut.http.client.LoadBalancer;
import io.micronaut.http.client.RawHttpClient;
import io.micronaut.http.client.exceptions.ReadTimeoutException;
import io.micronaut.http.ssl.ClientSslConfiguration;
import io.micronaut.http.ssl.SslConfiguration;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.DateFormatter;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import org.petstore.inventory.application.port.outbound.HostAddresses;
import org.petstore.inventory.application.port.outbound.OutgoingWebhook;
import org.petstore.inventory.application.port.outbound.WebhookTransport;
import org.petstore.inventory.domain.webhook.AddressPolicy;
import org.petstore.inventory.domain.webhook.AddressRefusedException;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.InvalidWebhookRequestException;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sends one delivery attempt through Micronaut's Netty client: a {@code POST} of the delivery's exact bytes with
 * {@code Content-Type: application/json} and the Standard Webhooks v1 headers ({@link StandardWebhookSignature}),
 * and tells what happened ({@link AttemptResult}). It never throws for the receiver's or the network's faults. It
 * blocks its caller (a delivery worker's virtual thread) for at most {@code petstore.webhook.timeout} (10 s).
 *
 * <p>Where it connects. Every attempt resolves the URL's host and checks every address with the
 * {@link AddressPolicy} ({@code http://} only into admitted networks); a refusal, or a host that does not resolve, is
 * {@code ADDRESS_REFUSED} before any connection. A new connection resolves and checks again, inside the client
 * ({@link CheckedAddressResolverGroup}), and goes to the very address that was checked there; there is one client
 * per scheme, because the resolver cannot see the scheme. A connection that an earlier delivery to the same scheme,
 * host and port left open (HTTP/1.1 keep-alive) is reused: it goes to an address that passed the same check when it
 * was opened, and the policy does not change while the service runs. An idle connection is closed after
 * {@value #IDLE_SECONDS} s, below the keep-alive timeouts servers commonly use, and any connection stops taking new
 * deliveries {@value #LIFETIME_SECONDS} s after it was opened, so that a host's new DNS answer is followed within that
 * time. TLS sends and verifies the URL's host name (SNI, endpoint identification {@code HTTPS}) against the JDK's
 * trusted certificates. Redirects are never followed; no proxy is used (through a proxy Micronaut would skip the
 * resolver).
 *
 * <p>What it reads. The client is Micronaut's raw client ({@link RawHttpClient}): it hands over the response with
 * its status and a streamed body and never turns a status into an exception. Of the body at most
 * {@value AttemptResult#MAX_EXCERPT} bytes are read, sanitised, for the log; then the body is released, and
 * {@link WebhookExchangeDeadline} closes the connection if the answer does not end within the deadline.
 */
@Singleton
final class MicronautWebhookTransport implements WebhookTransport {

    static final String WEBHOOK_ID = "webhook-id";
    static final String WEBHOOK_TIMESTAMP = "webhook-timestamp";
    static final String WEBHOOK_SIGNATURE = "webhook-signature";

    static final int IDLE_SECONDS = 4;
    static final int LIFETIME_SECONDS = 30;

    private static final ByteBodyFactory BODIES = ByteBodyFactory.createDefault(ByteArrayBufferFactory.INSTANCE);
    private static final int MOST_CAUSES = 32;
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int SERVICE_UNAVAILABLE = 503;

    private final HostAddresses hosts;
    private final AddressPolicy policy;
    private final Duration timeout;
    private final RawHttpClient https;
    private final RawHttpClient http;

    @Inject
    MicronautWebhookTransport(HttpClientRegistry<HttpClient> clients, BeanContext context, HostAddresses hosts,
                              WebhookDeliverySettings settings) {
        this(clients, context, hosts, settings, new ClientSslConfiguration());
    }

    /**
     * @param tls the clients' TLS settings: the JDK's trusted certificates in the service; the tests' own
     *            certificate authority in the tests
     */
    MicronautWebhookTransport(HttpClientRegistry<HttpClient> clients, BeanContext context, HostAddresses hosts,
                              WebhookDeliverySettings settings, SslConfiguration tls) {
        this.hosts = hosts;
        this.policy = settings.addressPolicy();
        this.timeout = settings.timeout();
        this.https = client(clients, context, configuration(CheckedAddressResolverGroup.HTTPS, timeout, tls));
        this.http = client(clients, context, configuration(CheckedAddressResolverGroup.HTTP, timeout, tls));
    }

    /**
     * The settings of one of the two clients; nothing of them comes from {@code application.yml}, so nothing there
     * can turn the resolver, the redirects or a proxy back on.
     */
    static HttpClientConfiguration configuration(String resolverGroup, Duration timeout, SslConfiguration tls) {
        DefaultHttpClientConfiguration configuration = new DefaultHttpClientConfiguration();
        configuration.setAddressResolverGroupName(resolverGroup);
        configuration.setEventLoopGroup(WebhookClientFactory.EVENT_LOOP);
        configuration.setFollowRedirects(false);
        configuration.setExceptionOnErrorStatus(false);
        configuration.setConnectTimeout(timeout);
        configuration.setReadTimeout(timeout);
        configuration.setConnectionPoolIdleTimeout(Duration.ofSeconds(IDLE_SECONDS));
        configuration.setConnectTtl(Duration.ofSeconds(LIFETIME_SECONDS));
        configuration.getConnectionPoolConfiguration().setEnabled(true);
        configuration.setPlaintextMode(HttpVersionSelection.PlaintextMode.HTTP_1);
        configuration.setAlpnModes(List.of(HttpVersionSelection.ALPN_HTTP_1));
        configuration.setSslConfiguration(tls);
        return configuration;
    }

    private static RawHttpClient client(HttpClientRegistry<HttpClient> clients, BeanContext context,
                                        HttpClientConfiguration configuration) {
        // with a load balancer, Micronaut builds a client of exactly this configuration, closed with the registry;
        // the balancer is never asked, since every request names its absolute URL
        HttpClient client = clients.resolveClient(null, LoadBalancer.empty(), configuration, context);
        if (!(client instanceof RawHttpClient raw)) {
            throw new IllegalStateException("Micronaut's HTTP client is expected to be a RawHttpClient, got "
                    + client.getClass().getName());
        }
        return raw;
    }

    @Override
    public AttemptResult send(OutgoingWebhook message) {
        long started = System.nanoTime();
        long deadline = started + timeout.toNanos();
        WebhookUrl url = message.url();
        byte[] body = message.body();
        long timestamp = message.attemptAt().getEpochSecond();
        String signature = StandardWebhookSignature.headerValue(message.messageId(), timestamp, body,
                message.secrets().stream().map(WebhookSecret::key).toList());

        DeliveryError refused = check(url, deadline);
        if (refused != null) {
            return AttemptResult.failed(refused, since(started));
        }

        MutableHttpRequest<Object> request = HttpRequest.create(HttpMethod.POST, url.toString())
                .header(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON)
                .header(WEBHOOK_ID, message.messageId())
                .header(WEBHOOK_TIMESTAMP, Long.toString(timestamp))
                .header(WEBHOOK_SIGNATURE, signature);
        RawHttpClient client = url.https() ? https : http;
        // not cancelled at the deadline: an exchange given up on still ends by itself (the read timeout, or
        // WebhookExchangeDeadline closing its connection), and an answer that comes late is read and released
        CompletableFuture<Answer> exchange;
        try {
            exchange = Mono.<HttpResponse<?>>from(client.exchange(request, BODIES.adapt(body), Thread.currentThread()))
                    .flatMap(response -> answer(response, deadline))
                    .toFuture();
        } catch (RuntimeException e) {
            return AttemptResult.failed(kindOf(e), since(started));
        }
        Answer answer;
        try {
            answer = exchange.get(Math.max(deadline - System.nanoTime(), 1), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            return AttemptResult.failed(kindOf(Exceptions.unwrap(e.getCause())), since(started));
        } catch (TimeoutException e) {
            return AttemptResult.failed(DeliveryError.TIMEOUT, since(started));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            exchange.cancel(true);
            return AttemptResult.failed(DeliveryError.TIMEOUT, since(started));
        }
        Duration duration = since(started);
        if (answer == null || answer.status() < 200 || answer.status() > 599) {
            // no answer, or an informational one as the last: not what a receiver answers to a delivery
            return AttemptResult.failed(DeliveryError.NETWORK, duration);
        }
        if (answer.status() < 300) {
            return AttemptResult.answered(answer.status(), duration, null, answer.excerpt());
        }
        if (answer.status() < 400) {
            return AttemptResult.failed(DeliveryError.REDIRECT_REFUSED, duration);
        }
        Duration retryAfter = answer.status() == TOO_MANY_REQUESTS || answer.status() == SERVICE_UNAVAILABLE
                ? retryAfter(answer.retryAfter(), message.attemptAt()) : null;
        return AttemptResult.answered(answer.status(), duration, retryAfter, answer.excerpt());
    }

    /**
     * Resolves the URL's host now and checks every address, as a URL of its scheme; the lookup runs on a virtual
     * thread of its own, so that a name server that does not answer costs no more than the deadline.
     *
     * @return null when the delivery may go ahead; else why not
     */
    private DeliveryError check(WebhookUrl url, long deadline) {
        CompletableFuture<List<InetAddress>> lookup = new CompletableFuture<>();
        CheckedAddressResolverGroup.virtualThreads().execute(() -> {
            try {
                lookup.complete(hosts.resolve(url.host()));
            } catch (RuntimeException e) {
                lookup.completeExceptionally(e);
            }
        });
        try {
            policy.check(url, lookup.get(Math.max(deadline - System.nanoTime(), 1), TimeUnit.NANOSECONDS));
            return null;
        } catch (AddressRefusedException | InvalidWebhookRequestException e) {
            return DeliveryError.ADDRESS_REFUSED;
        } catch (ExecutionException e) {
            return kindOf(e.getCause());
        } catch (TimeoutException e) {
            return DeliveryError.TIMEOUT;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return DeliveryError.TIMEOUT;
        }
    }

    /**
     * The status, the {@code Retry-After} header, and up to {@value AttemptResult#MAX_EXCERPT} bytes of the body read
     * before the deadline; then the body is released.
     */
    private static Mono<Answer> answer(HttpResponse<?> response, long deadline) {
        int status = response.code();
        String retryAfter = response.getHeaders().get(HttpHeaders.RETRY_AFTER);
        if (!(response instanceof ByteBodyHttpResponse<?> streamed)) {
            return Mono.just(new Answer(status, retryAfter, null));
        }
        Excerpt excerpt = new Excerpt();
        Duration left = Duration.ofNanos(Math.max(deadline - System.nanoTime(), 1));
        return Flux.from(streamed.byteBody().toByteArrayPublisher())
                .takeUntil(excerpt::addAndIsFull)
                .take(left)
                // the status stands even when the body breaks off or is slow: it is what the receiver answered
                .onErrorResume(failure -> Flux.empty())
                .then(Mono.fromSupplier(() -> new Answer(status, retryAfter, excerpt.text())))
                .doFinally(signal -> streamed.close());
    }

    /**
     * A {@code Retry-After} value (RFC 9110 §10.2.3): delta-seconds, or an HTTP-date taken against the attempt's
     * time; never below zero.
     *
     * @return null when there is none or it is malformed
     */
    static Duration retryAfter(String value, Instant attemptAt) {
        if (value == null) {
            return null;
        }
        String text = value.strip();
        if (text.isEmpty()) {
            return null;
        }
        if (text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            try {
                return Duration.ofSeconds(Long.parseLong(text));
            } catch (NumberFormatException tooLong) {
                return Duration.ofSeconds(Long.MAX_VALUE);
            }
        }
        Date date = DateFormatter.parseHttpDate(text);
        if (date == null) {
            return null;
        }
        Duration until = Duration.between(attemptAt, date.toInstant());
        return until.isNegative() ? Duration.ZERO : until;
    }

    /** The kind of a failure, from the first cause in its chain that tells. */
    static DeliveryError kindOf(Throwable failure) {
        if (hasCause(failure, AddressRefusedException.class, InvalidWebhookRequestException.class,
                UnknownHostException.class)) {
            return DeliveryError.ADDRESS_REFUSED;
        }
        if (hasCause(failure, TimeoutException.class, ReadTimeoutException.class,
                io.netty.handler.timeout.TimeoutException.class, ConnectTimeoutException.class,
                SslHandshakeTimeoutException.class, SocketTimeoutException.class)) {
            return DeliveryError.TIMEOUT;
        }
        if (hasCause(failure, SSLException.class, CertificateException.class)) {
            return DeliveryError.TLS;
        }
        if (hasCause(failure, ConnectException.class)) {
            return DeliveryError.REFUSED;
        }
        return DeliveryError.NETWORK;
    }

    private static boolean hasCause(Throwable failure, Class<?>... kinds) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MOST_CAUSES; depth++, cause = cause.getCause()) {
            for (Class<?> kind : kinds) {
                if (kind.isInstance(cause)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** What the receiver answered: the status, its {@code Retry-After} (or null), the excerpt (or null). */
    private record Answer(int status, String retryAfter, String excerpt) {
    }

    /**
     * The first {@value AttemptResult#MAX_EXCERPT} bytes of a body, as printable ASCII: tabs and line breaks become
     * spaces, every other byte {@code ?} (so a multi-byte character is one {@code ?} a byte).
     */
    private static final class Excerpt {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(AttemptResult.MAX_EXCERPT);

        boolean addAndIsFull(byte[] chunk) {
            bytes.write(chunk, 0, Math.min(chunk.length, AttemptResult.MAX_EXCERPT - bytes.size()));
            return bytes.size() >= AttemptResult.MAX_EXCERPT;
        }

        String text() {
            if (bytes.size() == 0) {
                return null;
            }
            StringBuilder text = new StringBuilder(bytes.size());
            for (byte b : bytes.toByteArray()) {
                int c = b & 0xff;
                if (c >= 0x20 && c < 0x7f) {
                    text.append((char) c);
                } else {
                    text.append(c == '\t' || c == '\n' || c == '\r' ? ' ' : '?');
                }
            }
            return text.toString();
        }
    }
}
