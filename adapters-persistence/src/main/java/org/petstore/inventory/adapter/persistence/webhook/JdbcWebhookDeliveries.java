package org.petstore.inventory.adapter.persistence.webhook;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
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
 * row, nothing is written and the answer is false. A delivery's forming and its success (with the next one's forming),
 * the writes of every cycle, are the backend's ({@link WebhookStatements}: one statement each on PostgreSQL); a
 * failure and a test are one transaction of portable statements; the deliverer's read is one statement. A pending
 * delivery's {@code body} is empty until a failure writes it (the note in {@code V12} is older: it has the body
 * written at the forming).
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

    /** A failure keeps the delivery's body from then on (see {@link WebhookDeliveries}). */
    private static final String RETRY_LATER = "UPDATE webhook_delivery SET body = ?, attempts = ?,"
            + " next_attempt_at = ? WHERE id = ?";

    private static final String COUNT_ATTEMPT = "UPDATE webhook_delivery SET body = ?, attempts = ? WHERE id = ?";

    /** A test's delivery, logged when the webhook is there (none is inserted when it was removed meanwhile). */
    private static final String INSERT_TEST = "INSERT INTO webhook_delivery (id, webhook_id, event_type,"
            + " previous_change_id, first_change_id, last_change_id, body, formed_at, attempts, next_attempt_at, state)"
            + " SELECT ?, s.id, ?, NULL, NULL, NULL, ?, ?, 1, NULL, ? FROM webhook_subscription s WHERE s.id = ?";

    /**
     * The log's upkeep removes at most this many rows per statement, each statement committed by itself: the rows a
     * statement removes stay locked until it ends, and an administrator's change or removal of a webhook, or its
     * deliverer, may wait for them. (One statement for a busy webhook's hour of attempts, some 70,000 rows, held them
     * for seconds on H2, long enough for an administrator's removal to time out; on H2 an {@code IN} over a query of
     * the same table is also evaluated again for every row.)
     */
    static final int PRUNE_CHUNK = 1000;

    private static final String WEBHOOK_IDS = "SELECT id FROM webhook_subscription ORDER BY id";

    /** The id of one of a webhook's attempts by its rank, newest first (0: the newest). */
    private static final String NEWEST_BY_RANK = "SELECT attempt_id FROM webhook_attempt WHERE webhook_id = ?"
            + " ORDER BY attempt_id DESC OFFSET ? ROWS FETCH FIRST 1 ROW ONLY";

    /** The id of one of a webhook's attempts up to an id by its rank, oldest first (0: the oldest). */
    private static final String OLDEST_BY_RANK = "SELECT attempt_id FROM webhook_attempt WHERE webhook_id = ?"
            + " AND attempt_id <= ? ORDER BY attempt_id OFFSET ? ROWS FETCH FIRST 1 ROW ONLY";

    private static final String REMOVE_ATTEMPTS_THROUGH = "DELETE FROM webhook_attempt WHERE webhook_id = ?"
            + " AND attempt_id <= ?";

    private static final String OLDEST_MADE_BEFORE = "SELECT attempt_id FROM webhook_attempt WHERE attempted_at < ?"
            + " ORDER BY attempt_id FETCH FIRST " + PRUNE_CHUNK + " ROWS ONLY";

    private static final String REMOVE_ATTEMPT = "DELETE FROM webhook_attempt WHERE attempt_id = ?";

    /** A webhook's deliveries that are not pending and have no attempt left in the log. */
    private static final String LEFT_WITHOUT_ATTEMPTS = "SELECT id FROM webhook_delivery WHERE webhook_id = ?"
            + " AND state <> '" + WebhookRows.PENDING + "' AND NOT EXISTS (SELECT 1 FROM webhook_attempt a"
            + " WHERE a.delivery_id = webhook_delivery.id) FETCH FIRST " + PRUNE_CHUNK + " ROWS ONLY";

    private static final String REMOVE_DELIVERY = "DELETE FROM webhook_delivery WHERE id = ? AND state <> '"
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
    public boolean recordSuccess(Lease lease, PendingDelivery delivery, AttemptRecord attempt,
                                 List<AcknowledgedDelivery> after, FormedDelivery next) {
        Objects.requireNonNull(lease, "lease");
        requireChanges(delivery.delivery());
        Objects.requireNonNull(attempt, "attempt");
        List<AcknowledgedDelivery> run = List.copyOf(after);
        if (next != null) {
            requireChanges(next);
        }
        AcknowledgedDelivery.runEnd(delivery.delivery(), run, next);
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection,
                retried -> statements.recordSuccess(retried, lease, delivery, attempt, run, next)));
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
        if (!delivery.delivery().hasBody()) {
            throw new IllegalArgumentException("A failed delivery is kept with the body it sent, and "
                    + delivery.delivery().id() + " has none");
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
                        count.setBytes(1, delivery.delivery().body());
                        count.setInt(2, attempt.attempt());
                        int next = 3;
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

    /**
     * Webhook by webhook: the attempts beyond its newest {@code keepPerWebhook}, then those made before the instant,
     * then the deliveries left without attempts, each in statements of at most {@value #PRUNE_CHUNK} rows (by the
     * indexes on the webhook and on the attempt's id). An attempt logged meanwhile is newer than any removed.
     */
    @Override
    public int prune(Instant attemptsBefore, int keepPerWebhook) {
        Objects.requireNonNull(attemptsBefore, "attemptsBefore");
        if (keepPerWebhook < 0) {
            throw new IllegalArgumentException("Attempts kept per webhook are 0 or more, got " + keepPerWebhook);
        }
        List<Object> webhooks = calls.call(connection -> values(connection, WEBHOOK_IDS, statement -> { }));
        int removed = 0;
        for (Object webhook : webhooks) {
            removed += calls.call(connection -> pruneBeyondNewest(connection, webhook, keepPerWebhook));
        }
        removed += calls.call(connection -> pruneMadeBefore(connection, attemptsBefore));
        for (Object webhook : webhooks) {
            calls.call(connection -> pruneDeliveries(connection, webhook));
        }
        return removed;
    }

    /** In statements that each remove the oldest {@value #PRUNE_CHUNK} (or fewer) of those to remove. */
    private static int pruneBeyondNewest(Connection connection, Object webhook, int keep) throws SQLException {
        List<Object> newest = values(connection, NEWEST_BY_RANK, statement -> {
            statement.setObject(1, webhook);
            statement.setInt(2, keep);
        });
        if (newest.isEmpty()) {
            return 0;
        }
        Object last = newest.getFirst();
        int removed = 0;
        while (true) {
            List<Object> chunkEnd = values(connection, OLDEST_BY_RANK, statement -> {
                statement.setObject(1, webhook);
                statement.setObject(2, last);
                statement.setInt(3, PRUNE_CHUNK - 1);
            });
            Object through = chunkEnd.isEmpty() ? last : chunkEnd.getFirst();
            try (PreparedStatement remove = connection.prepareStatement(REMOVE_ATTEMPTS_THROUGH)) {
                remove.setObject(1, webhook);
                remove.setObject(2, through);
                removed += remove.executeUpdate();
            }
            if (through.equals(last)) {
                return removed;
            }
        }
    }

    private static int pruneMadeBefore(Connection connection, Instant before) throws SQLException {
        int removed = 0;
        while (true) {
            List<Object> chunk = values(connection, OLDEST_MADE_BEFORE,
                    statement -> WebhookRows.setInstant(statement, 1, before));
            removed += removeEach(connection, REMOVE_ATTEMPT, chunk);
            if (chunk.size() < PRUNE_CHUNK) {
                return removed;
            }
        }
    }

    private static int pruneDeliveries(Connection connection, Object webhook) throws SQLException {
        int removed = 0;
        while (true) {
            List<Object> chunk = values(connection, LEFT_WITHOUT_ATTEMPTS, statement -> statement.setObject(1,
                    webhook));
            removed += removeEach(connection, REMOVE_DELIVERY, chunk);
            if (chunk.size() < PRUNE_CHUNK) {
                return removed;
            }
        }
    }

    /** Removes the rows of these keys in one batch, one transaction; how many were still there. */
    private static int removeEach(Connection connection, String sql, List<Object> keys) throws SQLException {
        if (keys.isEmpty()) {
            return 0;
        }
        return DatabaseCalls.inTransaction(connection, transaction -> {
            try (PreparedStatement remove = transaction.prepareStatement(sql)) {
                for (Object key : keys) {
                    remove.setObject(1, key);
                    remove.addBatch();
                }
                return Arrays.stream(remove.executeBatch()).map(count -> Math.max(count, 0)).sum();
            }
        });
    }

    private interface Parameters {
        void set(PreparedStatement statement) throws SQLException;
    }

    /** The first column of every row a query answers. */
    private static List<Object> values(Connection connection, String sql, Parameters parameters)
            throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            parameters.set(select);
            List<Object> values = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    values.add(row.getObject(1));
                }
            }
            return values;
        }
    }

    private static void requireChanges(FormedDelivery delivery) {
        if (delivery.type() != EventType.INVENTORY_COUNT_UPDATED) {
            throw new IllegalArgumentException("A delivery that moves the cursor carries changes ("
                    + EventType.INVENTORY_COUNT_UPDATED + "), not " + delivery.eventType());
        }
    }
}
