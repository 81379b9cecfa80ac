package org.petstore.inventory.adapter.persistence.webhook;

import jakarta.inject.Singleton;
import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.WebhookLeases;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The {@link WebhookLeases} port on a relational database (columns {@code lease_owner}, {@code lease_until} and
 * {@code fence} of {@code webhook_subscription}, migration {@code V12}), on connections of {@link DatabaseCalls}.
 * Only the database's clock decides: a lease lasts until {@code lease_until}, written as the database's now plus
 * {@link WebhookLeases#DURATION}. The claim is the backend's ({@link WebhookStatements#claim}: one statement on
 * PostgreSQL, {@code FOR UPDATE SKIP LOCKED} on both, so a claim never waits for another); a renewal and a release
 * are one batch of guarded updates in one transaction, in id order, each counting for its lease.
 */
@Singleton
final class JdbcWebhookLeases implements WebhookLeases {

    /** The longest owner the column takes ({@code inst-} and 12 hex digits is 17). */
    private static final int MAX_OWNER = 32;

    private final DatabaseCalls calls;
    private final WebhookStatements statements;
    private final String renew;

    private static final String RELEASE = "UPDATE webhook_subscription SET lease_owner = NULL, lease_until = NULL"
            + " WHERE id = ? AND fence = ? AND lease_owner = ?";

    JdbcWebhookLeases(DatabaseCalls calls, WebhookStatements statements) {
        this.calls = calls;
        this.statements = statements;
        this.renew = "UPDATE webhook_subscription SET lease_until = " + statements.now() + " + INTERVAL '"
                + WebhookStatements.LEASE_SECONDS + "' SECOND WHERE id = ? AND fence = ? AND lease_owner = ?";
    }

    @Override
    public List<Lease> claim(String owner, int max) {
        requireOwner(owner);
        if (max < 1) {
            return List.of();
        }
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection,
                retried -> statements.claim(retried, owner, max)));
    }

    @Override
    public Set<WebhookId> renew(String owner, Collection<Lease> held) {
        return guarded(renew, owner, held);
    }

    @Override
    public void release(String owner, Collection<Lease> held) {
        guarded(RELEASE, owner, held);
    }

    /** Runs the statement for each lease, in one transaction, in id order; the ids of those it changed. */
    private Set<WebhookId> guarded(String sql, String owner, Collection<Lease> held) {
        requireOwner(owner);
        if (held.isEmpty()) {
            return Set.of();
        }
        List<Lease> ordered = held.stream().distinct()
                .sorted(Comparator.comparing((Lease lease) -> lease.id().value()).thenComparing(Lease::fence))
                .toList();
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    try (PreparedStatement update = transaction.prepareStatement(sql)) {
                        for (Lease lease : ordered) {
                            update.setString(1, lease.id().value());
                            update.setLong(2, lease.fence());
                            update.setString(3, owner);
                            update.addBatch();
                        }
                        int[] changed = update.executeBatch();
                        Set<WebhookId> ids = new HashSet<>();
                        for (int i = 0; i < changed.length; i++) {
                            if (changed[i] > 0) {
                                ids.add(ordered.get(i).id());
                            }
                        }
                        return Set.copyOf(ids);
                    }
                })));
    }

    private static void requireOwner(String owner) {
        if (owner == null || owner.isBlank() || owner.length() > MAX_OWNER) {
            throw new IllegalArgumentException("An owner is an instance's id of 1 to " + MAX_OWNER
                    + " characters, got " + owner);
        }
    }
}
