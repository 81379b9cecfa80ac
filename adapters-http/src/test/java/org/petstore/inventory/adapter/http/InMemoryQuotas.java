package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.service.QuotaService;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The quotas behind the HTTP adapter: the application's own {@link QuotaService} (in memory, no other instance), on a
 * clock in microseconds that the test moves, made anew before each test with quotas off, so that only the tests of
 * quotas see them. {@link #limitTo} switches a default quota on.
 */
@Singleton
final class InMemoryQuotas implements LimitRequestsUseCase {

    private final AtomicLong micros = new AtomicLong();
    private volatile QuotaService service;

    InMemoryQuotas() {
        reset();
    }

    /** Quotas off, the clock at 1,000 s. */
    void reset() {
        micros.set(1_000_000_000L);
        service = new QuotaService(Optional.empty(), Optional.empty(), micros::get);
    }

    /** A service whose keys without their own quota have {@code quota}, every bucket full. */
    void limitTo(Quota quota) {
        service = new QuotaService(Optional.of(quota), Optional.empty(), micros::get);
    }

    /** The clock moves on. */
    void advanceMillis(long millis) {
        micros.addAndGet(millis * 1_000);
    }

    @Override
    public Optional<Quota> quotaOf(Quota keysOwn) {
        return service.quotaOf(keysOwn);
    }

    @Override
    public Charge charge(KeyId key, Quota keysOwn, int cost) {
        return service.charge(key, keysOwn, cost);
    }

    @Override
    public Feed openFeed(KeyId key, Quota keysOwn) {
        return service.openFeed(key, keysOwn);
    }
}
