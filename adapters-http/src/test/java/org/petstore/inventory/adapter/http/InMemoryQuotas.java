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
 * clock in nanoseconds that the test moves, made anew before each test with the {@link #DEFAULT} quota, far above
 * what any test sends. {@link #limitTo} sets another default quota, {@link #off} switches quotas off.
 */
@Singleton
final class InMemoryQuotas implements LimitRequestsUseCase {

    /** The default quota every test starts with: what a key without its own gets. */
    static final Quota DEFAULT = Quota.parse("100/s burst 200").orElseThrow();

    private final AtomicLong nanos = new AtomicLong();
    private volatile QuotaService service;

    InMemoryQuotas() {
        reset();
    }

    /** The {@link #DEFAULT} quota, every bucket full, the clock at 1,000 s. */
    void reset() {
        nanos.set(1_000_000_000_000L);
        limitTo(DEFAULT);
    }

    /** A service whose keys without their own quota have {@code quota}, every bucket full. */
    void limitTo(Quota quota) {
        service = new QuotaService(Optional.of(quota), Optional.empty(), nanos::get);
    }

    /** Quotas off, as {@code PETSTORE_RATE_LIMIT=off}. */
    void off() {
        service = new QuotaService(Optional.empty(), Optional.empty(), nanos::get);
    }

    /** The clock moves on. */
    void advanceMillis(long millis) {
        nanos.addAndGet(millis * 1_000_000);
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
