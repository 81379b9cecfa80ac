package org.petstore.inventory.bootstrap;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.service.QuotaService;

/**
 * Keeps the quotas: every 100 ms this instance shares what its keys took with the other instances on the same
 * PostgreSQL database (on H2 it only forgets quiet keys), and once a minute it logs each key that was refused since,
 * with how many requests (one line a minute, never one per request). A database that does not answer is tried again
 * at the next exchange; meanwhile each instance limits on what it knows ({@link QuotaService#exchange}).
 */
@Singleton
final class QuotaUpkeep {

    private final QuotaService quotas;

    QuotaUpkeep(QuotaService quotas) {
        this.quotas = quotas;
    }

    @Scheduled(fixedDelay = "100ms", initialDelay = "100ms")
    void exchange() {
        quotas.exchange();
    }

    @Scheduled(fixedDelay = "1m", initialDelay = "1m")
    void reportLimited() {
        quotas.reportLimited();
    }
}
