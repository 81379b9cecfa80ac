package org.petstore.inventory.adapter.http.webhook.delivery;

import io.micronaut.context.annotation.Value;
import io.micronaut.core.io.buffer.ByteArrayBufferFactory;
import io.micronaut.http.ByteBodyHttpResponse;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpVersion;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.body.ByteBodyFactory;
import io.micronaut.http.body.CloseableByteBody;
import io.micronaut.http.client.HttpClientConfiguration;
import io.micronaut.http.client.HttpVersionSelection;
import io.micronaut.http.client.RawHttpClient;
import io.micronaut.http.client.RawHttpClientRegistry;
import io.micronaut.http.client.ServiceHttpClientConfiguration;
import io.micronaut.http.client.exceptions.ReadTimeoutException;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.ssl.SslHandshakeTimeoutException;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.io.ByteArrayOutputStream;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.security.cert.CertificateException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Sends one delivery attempt: a POST of the given bytes with the given headers, through Micronaut's HTTP client as
 * the named service {@value #SERVICE}, and tells how it went ({@link SendOutcome}). It never throws for the
 * receiver's faults. It blocks its caller (a delivery worker's virtual thread) for at most the attempt's deadline,
 * {@code petstore.webhooks.attempt-timeout} (10 s), plus the time to close.
 *
 * <p>The client is Micronaut's raw client ({@link RawHttpClient}, experimental since 4.7): it hands over the
 * response with its status and a streamed body and never turns a status into an exception. Of the body at most
 * {@value #EXCERPT_BYTES} bytes are read, for the excerpt; then the body is cancelled and the connection closed.
 *
 * <p>The service's configuration must keep deliveries on checked addresses; the constructor refuses to start
 * otherwise: its name lookups go through {@link CheckedAddressResolverGroup} ({@code address-resolver-group-name:
 * webhook-addresses}), redirects are not followed ({@code follow-redirects: false}), connections are not pooled
 * ({@code pool.enabled: false}, so each attempt looks the host up and checks it again), and no proxy is set (through
 * a proxy, Micronaut skips the resolver: ConnectionManager.doConnect uses {@code NoopAddressResolverGroup}). It
 * must also switch TLS on ({@code ssl.enabled: true}): unlike the default client, a named service has it off.
 */
@Singleton
final class MicronautWebhookTransport {

    /** The client's service id: its settings are {@code micronaut.http.services.webhooks.*}. */
    static final String SERVICE = "webhooks";

    /** How much of an answer is read at most. */
    static final int EXCERPT_BYTES = 1024;

    private static final ByteBodyFactory BODIES = ByteBodyFactory.createDefault(ByteArrayBufferFactory.INSTANCE);
    private static final int MOST_CAUSES = 32;

    private final RawHttpClient client;
    private final Duration attemptTimeout;

    MicronautWebhookTransport(RawHttpClientRegistry clients,
                              @Named(SERVICE) ServiceHttpClientConfiguration configuration,
                              @Value("${petstore.webhooks.attempt-timeout:10s}") Duration attemptTimeout) {
        requireCheckedAddressesOnly(configuration);
        if (attemptTimeout.isNegative() || attemptTimeout.isZero()) {
            throw new IllegalStateException("petstore.webhooks.attempt-timeout is positive: " + attemptTimeout);
        }
        this.attemptTimeout = attemptTimeout;
        this.client = clients.getRawClient(HttpVersionSelection.forLegacyVersion(HttpVersion.HTTP_1_1), SERVICE, null);
    }

    /**
     * @param url     the subscription's absolute {@code https://} (or, in an allowed network, {@code http://}) URL
     * @param headers the request's headers (the Standard Webhooks ones and {@code Content-Type}); the client adds
     *                {@code Host} and {@code Content-Length}
     * @param body    the exact bytes to send
     * @return the status code or the error, the duration and the answer's sanitised excerpt
     */
    SendOutcome send(URI url, Map<String, String> headers, byte[] body) {
        long started = System.nanoTime();
        long deadline = started + attemptTimeout.toNanos();
        MutableHttpRequest<Object> request = HttpRequest.create(HttpMethod.POST, url.toString());
        headers.forEach(request::header);
        CloseableByteBody content = BODIES.adapt(body.clone());
        Answer answer;
        try {
            answer = Mono.<HttpResponse<?>>from(client.exchange(request, content, Thread.currentThread()))
                    .timeout(attemptTimeout)
                    .flatMap(response -> answer(response, deadline))
                    .block();
        } catch (RuntimeException e) {
            return new SendOutcome(null, kindOf(Exceptions.unwrap(e)), since(started), "");
        }
        if (answer == null) {
            return new SendOutcome(null, SendError.NETWORK, since(started), "");
        }
        if (answer.status() >= 300 && answer.status() < 400) {
            return new SendOutcome(null, SendError.REDIRECT_REFUSED, since(started), answer.excerpt());
        }
        return new SendOutcome(answer.status(), null, since(started), answer.excerpt());
    }

    /** The status, and up to {@value #EXCERPT_BYTES} bytes of the body read before the deadline; then it is closed. */
    private static Mono<Answer> answer(HttpResponse<?> response, long deadline) {
        int status = response.code();
        if (!(response instanceof ByteBodyHttpResponse<?> streamed)) {
            return Mono.just(new Answer(status, ""));
        }
        Excerpt excerpt = new Excerpt();
        Duration left = Duration.ofNanos(Math.max(deadline - System.nanoTime(), 1));
        return Flux.from(streamed.byteBody().toByteArrayPublisher())
                .takeUntil(excerpt::addAndIsFull)
                .take(left)
                // the status stands even when the body breaks off or is slow: it is what the receiver answered
                .onErrorResume(failure -> Flux.empty())
                .then(Mono.fromSupplier(() -> new Answer(status, excerpt.text())))
                .doFinally(signal -> streamed.close());
    }

    /** The kind of a failure, from the first cause in its chain that tells. */
    static SendError kindOf(Throwable failure) {
        if (hasCause(failure, RefusedAddressException.class)) {
            return SendError.ADDRESS_REFUSED;
        }
        if (hasCause(failure, TimeoutException.class, ReadTimeoutException.class,
                io.netty.handler.timeout.TimeoutException.class, ConnectTimeoutException.class,
                SslHandshakeTimeoutException.class, SocketTimeoutException.class)) {
            return SendError.TIMEOUT;
        }
        if (hasCause(failure, SSLException.class, CertificateException.class)) {
            return SendError.TLS;
        }
        if (hasCause(failure, ConnectException.class)) {
            return SendError.REFUSED;
        }
        return SendError.NETWORK;
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

    /**
     * @param bytes the start of an answer
     * @return at most {@value SendOutcome#EXCERPT_CHARACTERS} characters of it, printable ASCII only: tabs and line
     * breaks become spaces, every other byte {@code ?}
     */
    static String sanitised(byte[] bytes) {
        StringBuilder text = new StringBuilder(Math.min(bytes.length, SendOutcome.EXCERPT_CHARACTERS));
        for (int i = 0; i < bytes.length && text.length() < SendOutcome.EXCERPT_CHARACTERS; i++) {
            int c = bytes[i] & 0xff;
            if (c >= 0x20 && c < 0x7f) {
                text.append((char) c);
            } else if (c == '\t' || c == '\n' || c == '\r') {
                text.append(' ');
            } else {
                text.append('?');
            }
        }
        return text.toString();
    }

    /**
     * Deliveries connect only to checked addresses: refuses a configuration of the service under which they
     * would not, or under which no {@code https://} delivery could be made.
     */
    static void requireCheckedAddressesOnly(HttpClientConfiguration configuration) {
        List<String> missing = new ArrayList<>();
        if (!CheckedAddressResolverGroup.NAME.equals(configuration.getAddressResolverGroupName())) {
            missing.add("address-resolver-group-name: " + CheckedAddressResolverGroup.NAME);
        }
        if (configuration.isFollowRedirects()) {
            missing.add("follow-redirects: false");
        }
        if (configuration.getConnectionPoolConfiguration().isEnabled()) {
            missing.add("pool.enabled: false");
        }
        if (configuration.getProxyAddress().isPresent() || configuration.getProxySelector().isPresent()) {
            missing.add("no proxy-address and no proxy-selector");
        }
        if (!configuration.getSslConfiguration().isEnabled()) {
            // a named service's TLS is off unless it is switched on; every https:// delivery would then fail
            missing.add("ssl.enabled: true");
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("micronaut.http.services." + SERVICE + " needs " + String.join(", ", missing)
                    + ", so that webhook deliveries connect only to the addresses that were checked");
        }
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    private record Answer(int status, String excerpt) {
    }

    /** The first {@value #EXCERPT_BYTES} bytes of a body. */
    private static final class Excerpt {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(EXCERPT_BYTES);

        boolean addAndIsFull(byte[] chunk) {
            bytes.write(chunk, 0, Math.min(chunk.length, EXCERPT_BYTES - bytes.size()));
            return bytes.size() >= EXCERPT_BYTES;
        }

        String text() {
            return sanitised(bytes.toByteArray());
        }
    }
}
