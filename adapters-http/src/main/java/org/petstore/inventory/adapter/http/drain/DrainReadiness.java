package org.petstore.inventory.adapter.http.drain;

import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.management.health.indicator.annotation.Readiness;
import jakarta.inject.Singleton;
import java.util.Map;
import org.reactivestreams.Publisher;

/** {@code /health/readiness} is 503 from the moment the service starts shutting down ({@link ShutdownDrain}). */
@Singleton
@Readiness
final class DrainReadiness implements HealthIndicator {

    private final ShutdownDrain drain;

    DrainReadiness(ShutdownDrain drain) {
        this.drain = drain;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        boolean draining = drain.draining();
        return Publishers.just(HealthResult.builder("shutdown", draining ? HealthStatus.DOWN : HealthStatus.UP)
                .details(Map.of("draining", draining))
                .build());
    }
}
