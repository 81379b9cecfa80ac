package org.petstore.inventory.adapter.persistence.webhook;

import jakarta.inject.Singleton;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.LeasedState;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.application.port.outbound.WebhookDeliveries;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The {@link WebhookDeliveries} port on a relational database (migration {@code V12}), on connections of
 * {@link DatabaseCalls}. Every write of the deliverer is guarded by its first statement, an {@code UPDATE} of the
 * subscription's row {@code WHERE id = ? AND fence = ?} (and the delivery being the pending one): when it changes no
 * row, nothing is written and the answer is false. A delivery's forming and its success, the writes of every cycle,
 * are the backend's ({@link WebhookStatements}: one statement each on PostgreSQL); a failure and a test are one
 * transaction of portable statements; the deliverer's read is one statement.
 */
@Singleton
final class JdbcWebhookDeliveries implements WebhookDeliveries {

    /** The webhook as stored, with its secrets and its pending delivery, when the lease's fence holds and enabled. */
    private static final String STATE = "SELECT " + WebhookRows.WEBHOOK + ", " + WebhookRows.DELIVERY
            + " FROM webhook_subscription s LEFT JOIN webhook_delivery d ON d.id = s.pending_delivery_id"
            + " WHERE s.id = ? AND s.fence = ? AND s.enabled = TRUE";

    /** The guard of a failure, and its first write: the last failure. */
    private static final String FAIL = "UPDATE webhook_subscription SET last_failure_at = ?, last_failure = ?"
            + " WHERE id = ? AND fence = ? AND pending_delivery_id = ?";

    /** The guard of a failure that disables, and its first write: the last failure, and disabled with the reason. */
    private static final String FAIL_AND_DISABLE = "UPDATE webhook_subscription SET last_failure_at = ?,"
            + " last_failure = ?, enabled = FALSE, disabled_reason = ?"
            + " WHERE id = ? AND fence = ? AND pending_delivery_id = ?";

    private static final String RETRY_LATER = "UPDATE webhook_delivery SET attempts = ?, next_attempt_at = ?"
            + " WHERE id = ?";

    private static final String COUNT_ATTEMPT = "UPDATE webhook_delivery SET attempts = ? WHERE id = ?";

    /** A test's delivery, logged when the webhook is there (none is inserted when it was removed meanwhile). */
    private static final String INSERT_TEST = "INSERT INTO webhook_delivery (id, webhook_id, event_type,"
            + " previous_change_id, first_change_id, last_change_id, body, formed_at, attempts, next_attempt_at, state)"
            + " SELECT ?, s.id, ?, NULL, NULL, NULL, ?, ?, 1, NULL, ? FROM webhook_subscription s WHERE s.id = ?";

    /**
     * The log's upkeep: the attempts made before an instant, and those of each webhook beyond its newest so many
     * (numbered newest first within the webhook).
     */
    private static final String PRUNE_ATTEMPTS = "DELETE FROM webhook_attempt WHERE attempted_at < ?"
            + " OR attempt_id IN (SELECT r.attempt_id FROM (SELECT attempt_id,"
            + " ROW_NUMBER() OVER (PARTITION BY webhook_id ORDER BY attempt_id DESC) AS n FROM webhook_attempt) r"
            + " WHERE r.n > ?)";

    /** Then every delivery that is not pending and has no attempt left in the log. */
    private static final String PRUNE_DELIVERIES = "DELETE FROM webhook_delivery WHERE state <> '"
            + WebhookRows.PENDING + "' AND NOT EXISTS (SELECT 1 FROM webhook_attempt a"
            + " WHERE a.delivery_id = webhook_delivery.id)";

    private final DatabaseCalls calls;
    private final WebhookStatements statements;

    JdbcWebhookDeliveries(DatabaseCalls calls, WebhookStatements statements) {
        this.calls = calls;
        this.statements = statements;
    }

    @Override
    public Optional<LeasedState> state(Lease lease) {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(STATE)) {
                select.setString(1, lease.id().value());
                select.setLong(2, lease.fence());
                try (ResultSet row = select.executeQuery()) {
                    if (!row.next()) {
                        return Optional.empty();
                    }
                    Webhook webhook = WebhookRows.webhook(row, 1);
                    return Optional.of(new LeasedState(webhook, WebhookRows.secrets(row, 1), WebhookRows.pending(row,
                            1 + WebhookRows.WEBHOOK_COLUMNS + WebhookRows.SECRET_COLUMNS)));
                }
            }
        });
    }

    @Override
    public boolean form(Lease lease, long expectedCursor, FormedDelivery delivery) {
        Objects.requireNonNull(lease, "lease");
        requireChanges(delivery);
        if (delivery.previousChangeId() != expectedCursor) {
            throw new IllegalArgumentException("A delivery formed at the cursor " + expectedCursor + " carries the "
                    + "changes after it, not after " + delivery.previousChangeId());
        }
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection,
                retried -> statements.form(retried, lease, delivery)));
    }

    @Override
    public boolean recordSuccess(Lease lease, PendingDelivery delivery, AttemptRecord attempt) {
        Objects.requireNonNull(lease, "lease");
        requireChanges(delivery.delivery());
        Objects.requireNonNull(attempt, "attempt");
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection,
                retried -> statements.recordSuccess(retried, lease, delivery, attempt)));
    }

    @Override
    public boolean recordFailure(Lease lease, PendingDelivery delivery, AttemptRecord attempt, Instant nextAttemptAt,
                                 String disableReason) {
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(attempt, "attempt");
        if ((nextAttemptAt == null) == (disableReason == null)) {
            throw new IllegalArgumentException("A failure is retried at an instant or disables the webhook with a "
                    + "reason: exactly one of the two, got " + nextAttemptAt + " and " + disableReason);
        }
        if (disableReason != null && (disableReason.isBlank() || disableReason.length() > Webhook.MAX_REASON)) {
            throw new IllegalArgumentException("A reason for disabling is 1 to " + Webhook.MAX_REASON
                    + " characters");
        }
        String deliveryId = delivery.delivery().id();
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    try (PreparedStatement guard = transaction.prepareStatement(
                            disableReason == null ? FAIL : FAIL_AND_DISABLE)) {
                        WebhookRows.setInstant(guard, 1, attempt.at());
                        guard.setString(2, attempt.result().summary());
                        int next = 3;
                        if (disableReason != null) {
                            guard.setString(next++, disableReason);
                        }
                        guard.setString(next, lease.id().value());
                        guard.setLong(next + 1, lease.fence());
                        guard.setString(next + 2, deliveryId);
                        if (guard.executeUpdate() == 0) {
                            return false;
                        }
                    }
                    try (PreparedStatement count = transaction.prepareStatement(
                            nextAttemptAt == null ? COUNT_ATTEMPT : RETRY_LATER)) {
                        count.setInt(1, attempt.attempt());
                        int next = 2;
                        if (nextAttemptAt != null) {
                            WebhookRows.setInstant(count, next++, nextAttemptAt);
                        }
                        count.setString(next, deliveryId);
                        count.executeUpdate();
                    }
                    try (PreparedStatement log = transaction.prepareStatement(WebhookRows.LOG_ATTEMPT)) {
                        log.setString(1, lease.id().value());
                        log.setString(2, deliveryId);
                        WebhookRows.bindAttempt(log, 3, attempt);
                        log.executeUpdate();
                    }
                    return true;
                })));
    }

    @Override
    public void recordTest(WebhookId id, FormedDelivery delivery, AttemptRecord attempt) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(attempt, "attempt");
        if (delivery.type() != EventType.WEBHOOK_TEST) {
            throw new IllegalArgumentException("A test delivery is a " + EventType.WEBHOOK_TEST + ", not a "
                    + delivery.eventType());
        }
        calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    try (PreparedStatement insert = transaction.prepareStatement(INSERT_TEST)) {
                        insert.setString(1, delivery.id());
                        insert.setString(2, delivery.eventType());
                        insert.setBytes(3, WebhookRows.NO_BODY);
                        WebhookRows.setInstant(insert, 4, delivery.formedAt());
                        insert.setString(5, attempt.result().succeeded() ? WebhookRows.DELIVERED : WebhookRows.FAILED);
                        insert.setString(6, id.value());
                        if (insert.executeUpdate() == 0) {
                            return null; // removed meanwhile: nothing to log
                        }
                    }
                    try (PreparedStatement log = transaction.prepareStatement(WebhookRows.LOG_ATTEMPT)) {
                        log.setString(1, id.value());
                        log.setString(2, delivery.id());
                        WebhookRows.bindAttempt(log, 3, attempt);
                        log.executeUpdate();
                    }
                    return null;
                })));
    }

    @Override
    public int prune(Instant attemptsBefore, int keepPerWebhook) {
        Objects.requireNonNull(attemptsBefore, "attemptsBefore");
        if (keepPerWebhook < 0) {
            throw new IllegalArgumentException("Attempts kept per webhook are 0 or more, got " + keepPerWebhook);
        }
        return calls.call(connection -> {
            int removed;
            try (PreparedStatement attempts = connection.prepareStatement(PRUNE_ATTEMPTS)) {
                WebhookRows.setInstant(attempts, 1, attemptsBefore);
                attempts.setInt(2, keepPerWebhook);
                removed = attempts.executeUpdate();
            }
            try (PreparedStatement deliveries = connection.prepareStatement(PRUNE_DELIVERIES)) {
                deliveries.executeUpdate();
            }
            return removed;
        });
    }

    private static void requireChanges(FormedDelivery delivery) {
        if (delivery.type() != EventType.INVENTORY_COUNT_UPDATED) {
            throw new IllegalArgumentException("A delivery that moves the cursor carries changes ("
                    + EventType.INVENTORY_COUNT_UPDATED + "), not " + delivery.eventType());
        }
    }
}
