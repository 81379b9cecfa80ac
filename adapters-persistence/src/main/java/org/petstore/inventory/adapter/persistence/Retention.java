package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.context.annotation.Requires;
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
 * Keeps the stock ledger and the idempotency keys to their retention periods: every
 * {@code petstore.ledger.retention-check-interval} (a minute), on the scheduler's thread, it removes the ledger's
 * changes older than {@code petstore.ledger.retention} (90 days), oldest first, in batches of {@value #BATCH}, each
 * its own short transaction; then the keys claimed before {@code petstore.idempotency.key-retention} (24 hours), in one
 * statement (a retry after that is a new request). Every instance on a database does this; they share the work. A
 * database that does not answer is tried again at the next check (the outage is logged once, not at every check).
 * <p>
 * The check is scheduled where the interval is configured: the service's {@code application.yml} sets it. This module's
 * tests leave it out, so that no check takes a pooled connection at a moment of its own while a contract counts the
 * connections in use; they remove old changes by calling the ledger.
 */
@Singleton
@Requires(property = "petstore.ledger.retention-check-interval")
final class Retention {

    static final int BATCH = 500;

    private static final Logger LOG = LoggerFactory.getLogger(Retention.class);

    /**
     * {@code petstore.ledger}: how long a change stays in the ledger, and how often the old ones are looked for.
     *
     * @param retention             changes older than this are removed; a reader whose cursor is older gets 410
     * @param retentionCheckInterval how often to look for them (and for old idempotency keys)
     */
    @ConfigurationProperties("petstore.ledger")
    record LedgerConfiguration(@Bindable(defaultValue = "90d") Duration retention,
                               @Bindable(defaultValue = "1m") Duration retentionCheckInterval) {
    }

    /**
     * {@code petstore.idempotency}.
     *
     * @param keyRetention how long a key and its kept answer are kept after the key's first request
     */
    @ConfigurationProperties("petstore.idempotency")
    record IdempotencyConfiguration(@Bindable(defaultValue = "24h") Duration keyRetention) {
    }

    private final JdbcStockLedger ledger;
    private final JdbcIdempotencyClaims claims;
    private final Duration ledgerRetention;
    private final Duration keyRetention;
    private final Clock clock = Clock.systemUTC();

    Retention(JdbcStockLedger ledger, JdbcIdempotencyClaims claims, LedgerConfiguration ledgerConfiguration,
            IdempotencyConfiguration idempotencyConfiguration) {
        this.ledger = ledger;
        this.claims = claims;
        this.ledgerRetention = ledgerConfiguration.retention();
        this.keyRetention = idempotencyConfiguration.keyRetention();
    }

    /**
     * The first check 5 s after the start: its statements first run (and compile) while a new instance warms up, not
     * an interval later under load (the JIT then dropping the database's compiled query code cost about a second of
     * throughput).
     */
    @Scheduled(fixedDelay = "${petstore.ledger.retention-check-interval}", initialDelay = "5s")
    void removeExpired() {
        Instant now = clock.instant();
        long changes = 0;
        try {
            for (int batch = ledger.removeOlderThan(now.minus(ledgerRetention), BATCH); batch > 0;
                 batch = ledger.removeOlderThan(now.minus(ledgerRetention), BATCH)) {
                changes += batch;
            }
            int keys = claims.removeOlderThan(now.minus(keyRetention));
            if (keys > 0) {
                LOG.info("Removed {} idempotency key(s) older than {}", keys, keyRetention);
            }
        } catch (StorageUnavailableException e) {
            // the outage itself is logged once, when it starts and when it ends (StorageFailures): not at every check
            LOG.debug("The stock ledger's changes older than {} and the idempotency keys older than {} could not all "
                    + "be removed now ({}); trying again at the next check", ledgerRetention, keyRetention,
                    e.getMessage());
        }
        if (changes > 0) {
            LOG.info("Removed {} stock ledger change(s) older than {}", changes, ledgerRetention);
        }
    }
}
