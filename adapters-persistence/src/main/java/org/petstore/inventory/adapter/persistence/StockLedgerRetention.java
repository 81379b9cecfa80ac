package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the stock ledger to its retention period ({@code petstore.ledger.retention}, environment
 * {@code PETSTORE_LEDGER_RETENTION}, default 90 days): every {@code petstore.ledger.retention-check-interval} it
 * removes the changes older than that, oldest first, in batches of {@value #BATCH}, each its own short transaction,
 * on the scheduler's thread, so that no request waits for it. Every instance on a database does this; they share
 * the work. A database that does not answer is tried again at the next check.
 */
@Singleton
final class StockLedgerRetention {

    static final int BATCH = 500;

    private static final Logger LOG = LoggerFactory.getLogger(StockLedgerRetention.class);

    /**
     * {@code petstore.ledger}: how long a change stays in the ledger, and how often the old ones are looked for.
     *
     * @param retention             changes older than this are removed; a reader whose cursor is older gets 410
     * @param retentionCheckInterval how often to look for them
     */
    @ConfigurationProperties("petstore.ledger")
    record Configuration(@Bindable(defaultValue = "90d") Duration retention,
                         @Bindable(defaultValue = "1m") Duration retentionCheckInterval) {
    }

    private final JdbcStockLedger ledger;
    private final Duration retention;
    private final Clock clock = Clock.systemUTC();

    StockLedgerRetention(JdbcStockLedger ledger, Configuration configuration) {
        this.ledger = ledger;
        this.retention = configuration.retention();
    }

    @Scheduled(fixedDelay = "${petstore.ledger.retention-check-interval:1m}",
            initialDelay = "${petstore.ledger.retention-check-interval:1m}")
    void removeExpiredChanges() {
        Instant cutoff = clock.instant().minus(retention);
        long removed = 0;
        try {
            for (int batch = ledger.removeOlderThan(cutoff, BATCH); batch > 0;
                 batch = ledger.removeOlderThan(cutoff, BATCH)) {
                removed += batch;
            }
        } catch (StorageUnavailableException e) {
            LOG.warn("The stock ledger's changes older than {} could not be removed now ({}); trying again at the "
                    + "next check", retention, e.getMessage());
        }
        if (removed > 0) {
            LOG.info("Removed {} stock ledger change(s) older than {}", removed, retention);
        }
    }
}
