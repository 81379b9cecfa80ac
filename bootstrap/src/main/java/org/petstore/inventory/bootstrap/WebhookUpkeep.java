package org.petstore.inventory.bootstrap;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.petstore.inventory.application.service.WebhookDispatcher;

/**
 * Drives this instance's webhook deliveries: every second it claims free subscriptions and renews its leases, every
 * 100 ms it reads the ledger's newest change once and wakes the deliverers that are behind it, and every hour it
 * prunes the delivery log. At shutdown it stops its deliverers and frees their leases, so that another instance
 * takes them over at once.
 */
@Singleton
final class WebhookUpkeep {

    private final WebhookDispatcher dispatcher;

    WebhookUpkeep(WebhookDispatcher dispatcher) {
        this.dispatcher = dispatcher;
    }

    @Scheduled(fixedDelay = "1s", initialDelay = "1s")
    void claimAndRenew() {
        dispatcher.claimAndRenew();
    }

    @Scheduled(fixedDelay = "100ms", initialDelay = "1s")
    void watchLedger() {
        dispatcher.watchLedger();
    }

    @Scheduled(fixedDelay = "1h", initialDelay = "1m")
    void prune() {
        dispatcher.prune();
    }

    @PreDestroy
    void stop() {
        dispatcher.stop(Duration.ofSeconds(5));
    }
}
