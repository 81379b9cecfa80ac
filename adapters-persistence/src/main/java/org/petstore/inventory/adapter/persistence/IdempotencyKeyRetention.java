package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the idempotency keys to their retention period ({@code petstore.idempotency.key-retention}, environment
 * {@code PETSTORE_IDEMPOTENCY_KEY_RETENTION}, default 24 hours): at every check of the stock ledger's retention
 * ({@code petstore.ledger.retention-check-interval}) it removes the keys claimed before that, in one statement, on the
 * scheduler's thread. A retry after the retention is carried out as a new request. Every instance on a database does
 * this; a database that does not answer is tried again at the next check.
 */
@Singleton
final class IdempotencyKeyRetention {

    private static final Logger LOG = LoggerFactory.getLogger(IdempotencyKeyRetention.class);

    /**
     * {@code petstore.idempotency}.
     *
     * @param keyRetention how long a key and its kept answer are kept after the key's first request
     */
    @ConfigurationProperties("petstore.idempotency")
    record Configuration(@Bindable(defaultValue = "24h") Duration keyRetention) {
    }

    private final JdbcIdempotencyClaims claims;
    private final Duration retention;
    private final Clock clock = Clock.systemUTC();

    IdempotencyKeyRetention(JdbcIdempotencyClaims claims, Configuration configuration) {
        this.claims = claims;
        this.retention = configuration.keyRetention();
    }

    @Scheduled(fixedDelay = "${petstore.ledger.retention-check-interval:1m}",
            initialDelay = "${petstore.ledger.retention-check-interval:1m}")
    void removeExpiredKeys() {
        try {
            int removed = claims.removeOlderThan(clock.instant().minus(retention));
            if (removed > 0) {
                LOG.info("Removed {} idempotency key(s) older than {}", removed, retention);
            }
        } catch (StorageUnavailableException e) {
            LOG.warn("The idempotency keys older than {} could not be removed now ({}); trying again at the next "
                    + "check", retention, e.getMessage());
        }
    }
}
