package org.petstore.inventory.adapter.http.limit;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpHeaders;
import io.micronaut.http.MutableHttpResponse;
import org.petstore.inventory.adapter.http.security.ActingKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Allowed;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Charge;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Full;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Limited;

/**
 * A request charged to a managed key's quota, kept as a request attribute from the {@link QuotaFilter} to the answer:
 * the key, the last charge (a batch's second charge replaces the first) and a live feed refused. {@link #tell} writes
 * what they say into the answer, whatever its status: {@code RateLimit-Policy: "default";q=<perSecond>;w=1} and
 * {@code RateLimit: "default";r=<remaining>;t=<seconds until the burst is whole>} (draft-ietf-httpapi-ratelimit-headers-10,
 * without the partition key: a key knows its own quota); refused, {@code r=0}, {@code t} and {@code Retry-After} the
 * seconds until the same request would pass; a live feed refused adds the {@code "feeds"} policy
 * ({@code qu="concurrent-requests"}) and {@code Retry-After: 1}.
 */
final class ChargedRequest {

    static final String RATE_LIMIT_POLICY = "RateLimit-Policy";
    static final String RATE_LIMIT = "RateLimit";
    /** How long a client refused a live feed waits before it asks again, in seconds. */
    static final int FEED_RETRY_SECONDS = 1;
    private static final String ATTRIBUTE = "petstore.limit.charged-request";

    private final ActingKey.Metered key;
    private volatile Charge charge;
    private volatile Full feedRefusal;
    private volatile boolean told;

    private ChargedRequest(ActingKey.Metered key, Charge charge) {
        this.key = key;
        this.charge = charge;
    }

    /** Keeps the first charge of a request with the request. */
    static ChargedRequest keep(HttpRequest<?> request, ActingKey.Metered key, Charge charge) {
        ChargedRequest charged = new ChargedRequest(key, charge);
        request.setAttribute(ATTRIBUTE, charged);
        return charged;
    }

    /** The charged request this is; null when nothing was charged (a configured key, quotas off, no key). */
    static @Nullable ChargedRequest of(HttpRequest<?> request) {
        return request.getAttribute(ATTRIBUTE, ChargedRequest.class).orElse(null);
    }

    ActingKey.Metered key() {
        return key;
    }

    void charged(Charge again) {
        charge = again;
    }

    void feedRefused(Full full) {
        feedRefusal = full;
    }

    /** Writes where the key stands into the answer, once: a refusal the filter answered is told when it is made. */
    MutableHttpResponse<?> tell(MutableHttpResponse<?> response) {
        if (told) {
            return response;
        }
        told = true;
        MutableHttpHeaders headers = response.getHeaders();
        switch (charge) {
            case Allowed allowed -> {
                headers.add(RATE_LIMIT_POLICY, policy(allowed.quota().perSecond()));
                headers.add(RATE_LIMIT, "\"default\";r=" + allowed.remaining() + ";t=" + allowed.resetSeconds());
            }
            case Limited limited -> {
                headers.add(RATE_LIMIT_POLICY, policy(limited.quota().perSecond()));
                headers.add(RATE_LIMIT, "\"default\";r=0;t=" + limited.retryAfterSeconds());
                headers.set(HttpHeaders.RETRY_AFTER, Long.toString(limited.retryAfterSeconds()));
            }
            default -> {
                // quotas are off: nothing to tell
            }
        }
        Full full = feedRefusal;
        if (full != null) {
            headers.add(RATE_LIMIT_POLICY, "\"feeds\";q=" + full.quota().liveFeeds() + ";qu=\"concurrent-requests\"");
            headers.set(HttpHeaders.RETRY_AFTER, Integer.toString(FEED_RETRY_SECONDS));
        }
        return response;
    }

    private static String policy(int perSecond) {
        return "\"default\";q=" + perSecond + ";w=1";
    }
}
