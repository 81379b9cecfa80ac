package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.util.Optional;
import org.petstore.inventory.application.port.inbound.LimitRequestsUseCase;
import org.petstore.inventory.application.service.QuotaService;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The quotas behind the HTTP adapter: the application's own {@link QuotaService} in one process (no shared quotas),
 * made anew before each test with the {@link #DEFAULT} quota, or with quotas off.
 */
@Singleton
final class InMemoryQuotas implements LimitRequestsUseCase {

    /** The default quota every test starts with: what a key without its own gets. */
    static final Quota DEFAULT = Quota.parse("100/s burst 200").orElseThrow();

    private QuotaService service;

    InMemoryQuotas() {
        reset();
    }

    /** Quotas on, with the {@link #DEFAULT} quota, and no request counted yet. */
    synchronized void reset() {
        service = new QuotaService(Optional.of(DEFAULT), Optional.empty(), QuotaService::systemNanos);
    }

    /** Quotas off, as {@code PETSTORE_RATE_LIMIT=off}. */
    synchronized void off() {
        service = new QuotaService(Optional.empty(), Optional.empty(), QuotaService::systemNanos);
    }

    @Override
    public Optional<Quota> quotaOf(Quota keysOwn) {
        return service().quotaOf(keysOwn);
    }

    @Override
    public Charge charge(KeyId key, Quota keysOwn, int cost) {
        return service().charge(key, keysOwn, cost);
    }

    @Override
    public Feed openFeed(KeyId key, Quota keysOwn) {
        return service().openFeed(key, keysOwn);
    }

    private synchronized QuotaService service() {
        return service;
    }
}
