package org.petstore.inventory.bootstrap;

import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.application.service.ApiKeyService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps what this instance knows of the managed keys current: every 2 s it re-reads the keys it has seen (a key
 * revoked, expired or rotated through another instance is refused here within that, the 5 s the README promises
 * with room to spare), and once a minute it writes when each key was last used (and once more at shutdown). A
 * database that does not answer is tried again at the next round; meanwhile the keys known keep working.
 */
@Singleton
final class ApiKeyUpkeep {

    private static final Logger LOG = LoggerFactory.getLogger(ApiKeyUpkeep.class);

    private final ApiKeyService keys;

    ApiKeyUpkeep(ApiKeyService keys) {
        this.keys = keys;
    }

    @Scheduled(fixedDelay = "2s", initialDelay = "2s")
    void refresh() {
        try {
            keys.refresh();
        } catch (StorageUnavailableException e) {
            LOG.debug("The managed keys could not be re-read now ({}); trying again in 2 s", e.getMessage());
        }
    }

    @Scheduled(fixedDelay = "1m", initialDelay = "1m")
    @PreDestroy
    void recordUses() {
        try {
            keys.flushUses();
        } catch (StorageUnavailableException e) {
            LOG.debug("When the keys were last used could not be written now ({}); trying again in a minute",
                    e.getMessage());
        }
    }
}
