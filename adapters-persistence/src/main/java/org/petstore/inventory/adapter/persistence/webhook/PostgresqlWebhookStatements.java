package org.petstore.inventory.adapter.persistence.webhook;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.Lease;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.domain.webhook.WebhookId;

/**
 * The webhooks' SQL on PostgreSQL: the claim, a delivery's forming and its success (with the next one's forming) are
 * each one statement of data-modifying {@code WITH} queries, run in autocommit, so each is one round trip with its
 * commit and all or nothing. A success with a run of deliveries acknowledged after it is that statement and the run's
 * two batches ({@link WebhookRows#insertAcknowledged}), in one transaction. The guarded {@code UPDATE} of the
 * subscription comes first; the other parts act only on the row it answers, so when the guard fails (the fence moved,
 * the delivery is no longer the pending one) nothing is written. Under READ COMMITTED a guard that meets a row another
 * transaction is changing waits for it and checks its condition again on the row as committed, so a write never passes
 * on a fence that has just moved. The clock is {@code clock_timestamp()}, the time each statement reads it.
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
final class PostgresqlWebhookStatements implements WebhookStatements {

    private static final String NOW = "clock_timestamp()";

    /**
     * Parameters: how many at most, the owner. {@code SKIP LOCKED} passes over the rows another claim (or any
     * writer) holds, in the order of the primary key, and {@code FOR UPDATE} checks each row's condition again once
     * it holds it, so a row another claim took meanwhile is not taken again.
     */
    private static final String CLAIM = """
            WITH free AS (
                SELECT id FROM webhook_subscription
                WHERE enabled AND (lease_until IS NULL OR lease_until < %1$s)
                ORDER BY id LIMIT ?
                FOR UPDATE SKIP LOCKED)
            UPDATE webhook_subscription s
            SET lease_owner = ?, lease_until = %1$s + INTERVAL '%2$d' SECOND, fence = s.fence + 1
            FROM free WHERE s.id = free.id
            RETURNING s.id, s.fence""".formatted(NOW, LEASE_SECONDS);

    /**
     * Parameters: the delivery's id, the webhook's id, the fence, the expected cursor (the guard); then the delivery's
     * id and {@link WebhookRows#bindFormed}'s (its forming).
     */
    private static final String FORM = """
            WITH taken AS (
                UPDATE webhook_subscription SET pending_delivery_id = ?
                WHERE id = ? AND fence = ? AND pending_delivery_id IS NULL AND cursor_change_id = ?
                RETURNING id)
            INSERT INTO webhook_delivery (id, webhook_id, %s)
            SELECT ?, t.id, %s FROM taken t""".formatted(WebhookRows.FORMED, WebhookRows.FORMED_VALUES);

    /**
     * The parts of a success: the guard's {@code acknowledged}, the {@code delivered} mark, and (after the forming of
     * the next one, when there is one) the log's row, inserted from the guard's answer, so its count is the
     * statement's. Parameters: the new cursor, the next pending delivery's id (or NULL), the webhook's id, the fence,
     * the delivery's id, its previous change (the guard); the emptied body, the attempts made, the delivery's id.
     */
    private static final String ACKNOWLEDGED = """
            WITH acknowledged AS (
                UPDATE webhook_subscription
                SET cursor_change_id = ?, pending_delivery_id = ?, last_failure_at = NULL, last_failure = NULL
                WHERE id = ? AND fence = ? AND pending_delivery_id = ? AND cursor_change_id = ?
                RETURNING id),
            delivered AS (
                UPDATE webhook_delivery SET state = '%s', body = ?, attempts = ?, next_attempt_at = NULL
                WHERE id = ? AND EXISTS (SELECT 1 FROM acknowledged)
                RETURNING id)
            """.formatted(WebhookRows.DELIVERED);

    /** Parameters: the delivery's id and the attempt's six values. */
    private static final String LOGGED = """
            INSERT INTO webhook_attempt (webhook_id, delivery_id, %s)
            SELECT a.id, ?, ?, ?, ?, ?, ?, ? FROM acknowledged a""".formatted(WebhookRows.ATTEMPT_VALUES);

    /** A success with no next delivery: {@link #ACKNOWLEDGED}'s parameters, then {@link #LOGGED}'s. */
    private static final String SUCCEED = ACKNOWLEDGED + LOGGED;

    /**
     * A success and the next delivery's forming: {@link #ACKNOWLEDGED}'s parameters, the next delivery's id and
     * {@link WebhookRows#bindFormed}'s, then {@link #LOGGED}'s.
     */
    private static final String SUCCEED_AND_FORM = ACKNOWLEDGED + """
            , formed AS (
                INSERT INTO webhook_delivery (id, webhook_id, %s)
                SELECT ?, a.id, %s FROM acknowledged a
                RETURNING id)
            """.formatted(WebhookRows.FORMED, WebhookRows.FORMED_VALUES) + LOGGED;

    @Override
    public String now() {
        return NOW;
    }

    @Override
    public List<Lease> claim(Connection connection, String owner, int max) throws SQLException {
        try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
            claim.setInt(1, max);
            claim.setString(2, owner);
            List<Lease> leases = new ArrayList<>();
            try (ResultSet row = claim.executeQuery()) {
                while (row.next()) {
                    leases.add(new Lease(new WebhookId(row.getString(1)), row.getLong(2)));
                }
            }
            leases.sort((one, other) -> one.id().value().compareTo(other.id().value()));
            return leases;
        }
    }

    @Override
    public boolean form(Connection connection, Lease lease, FormedDelivery delivery) throws SQLException {
        try (PreparedStatement form = connection.prepareStatement(FORM)) {
            form.setString(1, delivery.id());
            form.setString(2, lease.id().value());
            form.setLong(3, lease.fence());
            form.setLong(4, delivery.previousChangeId());
            form.setString(5, delivery.id());
            WebhookRows.bindFormed(form, 6, delivery);
            return form.executeUpdate() == 1;
        }
    }

    @Override
    public boolean recordSuccess(Connection connection, Lease lease, PendingDelivery pending, AttemptRecord attempt,
                                 List<AcknowledgedDelivery> after, FormedDelivery next) throws SQLException {
        long cursor = AcknowledgedDelivery.runEnd(pending.delivery(), after, next);
        if (after.isEmpty()) {
            return succeed(connection, lease, pending, attempt, cursor, next);
        }
        return DatabaseCalls.inTransaction(connection, transaction -> {
            if (!succeed(transaction, lease, pending, attempt, cursor, next)) {
                return false;
            }
            WebhookRows.insertAcknowledged(transaction, lease.id(), after);
            return true;
        });
    }

    /** A success's one statement, {@link #SUCCEED} or {@link #SUCCEED_AND_FORM}: the cursor moves to {@code cursor}. */
    private static boolean succeed(Connection connection, Lease lease, PendingDelivery pending, AttemptRecord attempt,
                                   long cursor, FormedDelivery next) throws SQLException {
        FormedDelivery delivery = pending.delivery();
        try (PreparedStatement succeed = connection.prepareStatement(next == null ? SUCCEED : SUCCEED_AND_FORM)) {
            succeed.setLong(1, cursor);
            WebhookRows.setText(succeed, 2, next == null ? null : next.id());
            succeed.setString(3, lease.id().value());
            succeed.setLong(4, lease.fence());
            succeed.setString(5, delivery.id());
            succeed.setLong(6, delivery.previousChangeId());
            succeed.setBytes(7, WebhookRows.NO_BODY);
            succeed.setInt(8, attempt.attempt());
            succeed.setString(9, delivery.id());
            int index = 10;
            if (next != null) {
                succeed.setString(index, next.id());
                index = WebhookRows.bindFormed(succeed, index + 1, next);
            }
            succeed.setString(index, delivery.id());
            WebhookRows.bindAttempt(succeed, index + 1, attempt);
            return succeed.executeUpdate() == 1;
        }
    }
}
