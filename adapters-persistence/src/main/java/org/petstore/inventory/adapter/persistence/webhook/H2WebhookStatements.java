package org.petstore.inventory.adapter.persistence.webhook;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Array;
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
 * The webhooks' SQL on H2 (one process, the database in it: a statement costs no round trip, so each write is a
 * transaction of plain statements, guarded by its first).
 *
 * <p>The claim locks the free rows with {@code FOR UPDATE SKIP LOCKED} (H2 2.2.220 and later) in order of H2's own
 * row key, {@code _ROWID_}, and only so: ordered by any other column (the {@code VARCHAR} primary key included) H2
 * locks every matching row before it applies the {@code FETCH FIRST}, so that two claims at once would skip each
 * other's whole table; in its row key's order it locks only the rows it answers and skips the locked ones before it
 * counts. H2 checks a row's condition again once it holds its lock, so a row another claim took meanwhile is not
 * answered.
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.H2_URL)
final class H2WebhookStatements implements WebhookStatements {

    private static final String NOW = "CURRENT_TIMESTAMP";

    private static final String FREE = "SELECT id FROM webhook_subscription"
            + " WHERE enabled = TRUE AND (lease_until IS NULL OR lease_until < " + NOW + ")"
            + " ORDER BY _ROWID_ FETCH FIRST ? ROWS ONLY FOR UPDATE SKIP LOCKED";

    private static final String TAKE = "UPDATE webhook_subscription SET lease_owner = ?,"
            + " lease_until = " + NOW + " + INTERVAL '" + LEASE_SECONDS + "' SECOND, fence = fence + 1"
            + " WHERE id = ANY(CAST(? AS VARCHAR ARRAY))";

    private static final String TAKEN = "SELECT id, fence FROM webhook_subscription"
            + " WHERE id = ANY(CAST(? AS VARCHAR ARRAY)) ORDER BY id";

    /** The guard of a delivery's forming, and its first write: the delivery becomes the pending one. */
    private static final String MAKE_PENDING = "UPDATE webhook_subscription SET pending_delivery_id = ?"
            + " WHERE id = ? AND fence = ? AND pending_delivery_id IS NULL AND cursor_change_id = ?";

    private static final String INSERT_PENDING = "INSERT INTO webhook_delivery (id, webhook_id, "
            + WebhookRows.FORMED + ") VALUES (?, ?, " + WebhookRows.FORMED_VALUES + ")";

    /** The guard of a success, and its first write: the cursor moves on, to the next delivery or none (NULL). */
    private static final String ACKNOWLEDGE = "UPDATE webhook_subscription SET cursor_change_id = ?,"
            + " pending_delivery_id = ?, last_failure_at = NULL, last_failure = NULL"
            + " WHERE id = ? AND fence = ? AND pending_delivery_id = ? AND cursor_change_id = ?";

    private static final String DELIVERED = "UPDATE webhook_delivery SET state = '" + WebhookRows.DELIVERED + "',"
            + " body = ?, attempts = ?, next_attempt_at = NULL WHERE id = ?";

    @Override
    public String now() {
        return NOW;
    }

    @Override
    public List<Lease> claim(Connection connection, String owner, int max) throws SQLException {
        return DatabaseCalls.inTransaction(connection, transaction -> {
            List<String> free = new ArrayList<>();
            try (PreparedStatement select = transaction.prepareStatement(FREE)) {
                select.setInt(1, max);
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        free.add(row.getString(1));
                    }
                }
            }
            if (free.isEmpty()) {
                return List.of();
            }
            Array ids = transaction.createArrayOf("varchar", free.toArray(String[]::new));
            try (PreparedStatement take = transaction.prepareStatement(TAKE)) {
                take.setString(1, owner);
                take.setArray(2, ids);
                take.executeUpdate();
            }
            List<Lease> leases = new ArrayList<>();
            try (PreparedStatement taken = transaction.prepareStatement(TAKEN)) {
                taken.setArray(1, ids);
                try (ResultSet row = taken.executeQuery()) {
                    while (row.next()) {
                        leases.add(new Lease(new WebhookId(row.getString(1)), row.getLong(2)));
                    }
                }
            }
            return leases;
        });
    }

    @Override
    public boolean form(Connection connection, Lease lease, FormedDelivery delivery) throws SQLException {
        return DatabaseCalls.inTransaction(connection, transaction -> {
            try (PreparedStatement guard = transaction.prepareStatement(MAKE_PENDING)) {
                guard.setString(1, delivery.id());
                guard.setString(2, lease.id().value());
                guard.setLong(3, lease.fence());
                guard.setLong(4, delivery.previousChangeId());
                if (guard.executeUpdate() == 0) {
                    return false;
                }
            }
            insertPending(transaction, lease, delivery);
            return true;
        });
    }

    @Override
    public boolean recordSuccess(Connection connection, Lease lease, PendingDelivery pending, AttemptRecord attempt,
                                 List<AcknowledgedDelivery> after, FormedDelivery next) throws SQLException {
        FormedDelivery delivery = pending.delivery();
        long cursor = AcknowledgedDelivery.runEnd(delivery, after, next);
        return DatabaseCalls.inTransaction(connection, transaction -> {
            try (PreparedStatement guard = transaction.prepareStatement(ACKNOWLEDGE)) {
                guard.setLong(1, cursor);
                WebhookRows.setText(guard, 2, next == null ? null : next.id());
                guard.setString(3, lease.id().value());
                guard.setLong(4, lease.fence());
                guard.setString(5, delivery.id());
                guard.setLong(6, delivery.previousChangeId());
                if (guard.executeUpdate() == 0) {
                    return false;
                }
            }
            try (PreparedStatement delivered = transaction.prepareStatement(DELIVERED)) {
                delivered.setBytes(1, WebhookRows.NO_BODY);
                delivered.setInt(2, attempt.attempt());
                delivered.setString(3, delivery.id());
                delivered.executeUpdate();
            }
            try (PreparedStatement log = transaction.prepareStatement(WebhookRows.LOG_ATTEMPT)) {
                log.setString(1, lease.id().value());
                log.setString(2, delivery.id());
                WebhookRows.bindAttempt(log, 3, attempt);
                log.executeUpdate();
            }
            if (!after.isEmpty()) {
                WebhookRows.insertAcknowledged(transaction, lease.id(), after);
            }
            if (next != null) {
                insertPending(transaction, lease, next);
            }
            return true;
        });
    }

    /** Inserts {@code delivery} as pending, without its body (the guard made it the webhook's pending one). */
    private static void insertPending(Connection transaction, Lease lease, FormedDelivery delivery)
            throws SQLException {
        try (PreparedStatement insert = transaction.prepareStatement(INSERT_PENDING)) {
            insert.setString(1, delivery.id());
            insert.setString(2, lease.id().value());
            WebhookRows.bindFormed(insert, 3, delivery);
            insert.executeUpdate();
        }
    }
}
