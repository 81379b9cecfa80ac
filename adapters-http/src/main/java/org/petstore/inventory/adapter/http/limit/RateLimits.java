package org.petstore.inventory.adapter.http.limit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.petstore.inventory.adapter.http.error.ApiException;
import org.petstore.inventory.adapter.http.error.ErrorCode;
import org.petstore.inventory.adapter.http.security.ActingKey;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Charge;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Feed;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Full;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Limited;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase.Opened;
import org.petstore.inventory.domain.access.KeyId;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * What the routes ask of a managed key's quota beyond the one unit the {@link QuotaFilter} charged: a batch's other
 * changes ({@link #chargeBatch}) and a live feed's place ({@link #liveFeed}). A refusal is an {@link ApiException}
 * {@code RATE_LIMITED} (429), answered like every other by the error processor; {@link ChargedRequest#tell} adds its
 * fields. Every refusal is counted, by key id ({@value #RATE_LIMITED}: {@code petstore_rate_limited_total{key_id=...}}
 * at {@code /prometheus}); {@code QuotaService.reportLimited} logs it once a minute.
 */
@Singleton
public final class RateLimits {

    static final String RATE_LIMITED = "petstore.rate.limited";

    private final LimitRequestsUseCase quotas;
    private final MeterRegistry registry;
    private final Map<KeyId, Counter> refusals = new ConcurrentHashMap<>();

    RateLimits(LimitRequestsUseCase quotas, MeterRegistry registry) {
        this.quotas = quotas;
        this.registry = registry;
    }

    /**
     * Charges a batch of {@code changes} changes, once its body is bound and before anything changes: one unit per
     * change, of which the filter charged the first. Refused: 429, and nothing changes.
     */
    public void chargeBatch(HttpRequest<?> request, int changes) {
        ChargedRequest charged = ChargedRequest.of(request);
        if (charged == null || changes <= 1) {
            return;
        }
        Charge charge = quotas.charge(charged.key().id(), charged.key().quota(), changes - 1);
        charged.charged(charge);
        if (charge instanceof Limited limited) {
            throw refusal(request, limited, changes);
        }
    }

    /**
     * The stream of a live feed, holding one of the key's feed places from now until it ends (complete, failed, or
     * cancelled when the client goes away). Every place taken: 429, and the stream is not opened.
     */
    public <T> Publisher<T> liveFeed(HttpRequest<?> request, Publisher<T> stream) {
        ChargedRequest charged = ChargedRequest.of(request);
        if (charged == null) {
            return stream;
        }
        Feed feed = quotas.openFeed(charged.key().id(), charged.key().quota());
        return switch (feed) {
            case Opened opened -> Flux.from(stream).doFinally(signal -> opened.close().run());
            case Full full -> {
                charged.feedRefused(full);
                counted(full.key());
                throw new ApiException(ErrorCode.RATE_LIMITED, "This API key (" + described(request, full.key())
                        + ") has " + full.quota().liveFeeds() + " live feeds open, as many as its quota allows: "
                        + "close one before opening another, or have its quota give it more live feeds");
            }
            case LimitRequestsUseCase.NotCounted notCounted -> stream;
        };
    }

    /**
     * The refusal of a request over its key's quota, counted. {@code changes}: 1 for a request, a batch's number of
     * changes (one unit each); a batch larger than the burst can never pass, and the message says so.
     */
    ApiException refusal(HttpRequest<?> request, Limited limited, int changes) {
        counted(limited.key());
        String key = "This API key (" + described(request, limited.key()) + ")";
        String retry = ": retry in " + limited.retryAfterSeconds() + " s (Retry-After); nothing was changed";
        if (changes <= 1) {
            return new ApiException(ErrorCode.RATE_LIMITED,
                    key + " is over its quota of " + limited.quota().rate() + retry);
        }
        if (changes > limited.quota().burst()) {
            return new ApiException(ErrorCode.RATE_LIMITED, key + " has a quota of " + limited.quota().rate()
                    + ": a batch "
                    + "of " + changes + " changes costs " + changes + " at once, more than its burst; send at most "
                    + limited.quota().burst() + " changes in a batch; nothing was changed");
        }
        return new ApiException(ErrorCode.RATE_LIMITED, key + " is over its quota of " + limited.quota().rate()
                + " for a "
                + "batch of " + changes + " changes, one unit each" + retry);
    }

    private void counted(KeyId key) {
        refusals.computeIfAbsent(key, id -> Counter.builder(RATE_LIMITED)
                .description("Requests refused with 429 RATE_LIMITED: the API key was over its quota")
                .tag("key_id", id.value())
                .register(registry)).increment();
    }

    /** The key as messages name it: its id, and its name. */
    private static String described(HttpRequest<?> request, KeyId key) {
        return request.getUserPrincipal(Authentication.class).map(ActingKey::of).map(ActingKey::described)
                .orElse(key.value());
    }
}
