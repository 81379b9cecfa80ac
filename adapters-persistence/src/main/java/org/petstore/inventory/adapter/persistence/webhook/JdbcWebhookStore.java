package org.petstore.inventory.adapter.persistence.webhook;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.LoggedAttempt;
import org.petstore.inventory.application.port.outbound.WebhookStore;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookNotFoundException;
import org.petstore.inventory.domain.webhook.WebhookSecret;

/**
 * The {@link WebhookStore} port on a relational database (tables {@code webhook_subscription},
 * {@code webhook_delivery} and {@code webhook_attempt}, migration {@code V12}), in portable SQL on connections of
 * {@link DatabaseCalls}. A change of several rows is one transaction that first locks the subscription's row, as the
 * deliverer's writes do (the subscription, then its delivery), so the two never deadlock. An administrator's change
 * that takes the webhook from its deliverer (a new URL, enabling or disabling, replay) adds one to the fence and frees
 * the lease in the same statement; a removal takes the deliveries and the log with it ({@code ON DELETE CASCADE}).
 */
@Singleton
final class JdbcWebhookStore implements WebhookStore {

    private static final String INSERT = "INSERT INTO webhook_subscription (id, url, events, description, enabled,"
            + " disabled_reason, created_at, cursor_change_id, last_failure_at, last_failure, secret, previous_secret,"
            + " previous_secret_until, pending_delivery_id, lease_owner, lease_until, fence)"
            + " SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, 0"
            + " WHERE NOT EXISTS (SELECT 1 FROM webhook_subscription WHERE id = ?)";

    private static final String LIST = "SELECT " + WebhookRows.WEBHOOK
            + " FROM webhook_subscription s ORDER BY s.created_at, s.id";

    private static final String FIND = "SELECT " + WebhookRows.WEBHOOK + " FROM webhook_subscription s WHERE s.id = ?";

    private static final String LOCK = "SELECT enabled, pending_delivery_id FROM webhook_subscription WHERE id = ?"
            + " FOR UPDATE";

    private static final String CHANGE = "UPDATE webhook_subscription SET url = ?, events = ?, description = ?,"
            + " enabled = ?, disabled_reason = ? WHERE id = ?";

    private static final String REDIRECT = "UPDATE webhook_subscription SET url = ?, events = ?, description = ?,"
            + " enabled = ?, disabled_reason = ?, fence = fence + 1, lease_owner = NULL, lease_until = NULL"
            + " WHERE id = ?";

    /** A pending delivery of a webhook enabled again: its attempts start over, due at once (at its forming). */
    private static final String RESTART = "UPDATE webhook_delivery SET attempts = 0, next_attempt_at = formed_at"
            + " WHERE id = ? AND state = '" + WebhookRows.PENDING + "'";

    private static final String DELETE = "DELETE FROM webhook_subscription WHERE id = ?";

    private static final String ROTATE = "UPDATE webhook_subscription SET previous_secret = secret,"
            + " previous_secret_until = ?, secret = ? WHERE id = ?";

    private static final String REPLAY = "UPDATE webhook_subscription SET cursor_change_id = ?,"
            + " pending_delivery_id = NULL, fence = fence + 1, lease_owner = NULL, lease_until = NULL WHERE id = ?";

    private static final String SUPERSEDE = "UPDATE webhook_delivery SET state = '" + WebhookRows.SUPERSEDED + "',"
            + " body = ? WHERE id = ?";

    private static final String ATTEMPTS = "SELECT " + WebhookRows.ATTEMPT
            + " FROM webhook_attempt a JOIN webhook_delivery d ON d.id = a.delivery_id"
            + " WHERE a.webhook_id = ? AND a.attempt_id < ? ORDER BY a.attempt_id DESC LIMIT ?";

    private final DatabaseCalls calls;

    JdbcWebhookStore(DatabaseCalls calls) {
        this.calls = calls;
    }

    @Override
    public void add(Webhook webhook, SigningSecrets secrets) {
        Objects.requireNonNull(webhook, "webhook");
        Objects.requireNonNull(secrets, "secrets");
        int added = calls.call(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, webhook.id().value());
                insert.setString(2, webhook.url().toString());
                insert.setString(3, WebhookRows.events(webhook.events()));
                WebhookRows.setText(insert, 4, webhook.description());
                insert.setBoolean(5, webhook.enabled());
                WebhookRows.setText(insert, 6, webhook.disabledReason());
                WebhookRows.setInstant(insert, 7, webhook.createdAt());
                insert.setLong(8, webhook.cursor());
                WebhookRows.setInstant(insert, 9, webhook.lastFailureAt());
                WebhookRows.setText(insert, 10, webhook.lastFailure());
                insert.setString(11, secrets.current().text());
                WebhookRows.setText(insert, 12, secrets.previous() == null ? null : secrets.previous().text());
                WebhookRows.setInstant(insert, 13, secrets.previousUntil());
                insert.setString(14, webhook.id().value());
                return insert.executeUpdate();
            }
        });
        if (added == 0) {
            throw new IllegalStateException("A webhook with the id " + webhook.id() + " is already stored");
        }
    }

    @Override
    public List<Webhook> list() {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(LIST);
                 ResultSet row = select.executeQuery()) {
                List<Webhook> webhooks = new ArrayList<>();
                while (row.next()) {
                    webhooks.add(WebhookRows.webhook(row, 1));
                }
                return webhooks;
            }
        });
    }

    @Override
    public Optional<Webhook> find(WebhookId id) {
        return calls.call(connection -> find(connection, id));
    }

    @Override
    public Optional<SigningSecrets> secretsOf(WebhookId id) {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(FIND)) {
                select.setString(1, id.value());
                try (ResultSet row = select.executeQuery()) {
                    return row.next() ? Optional.of(WebhookRows.secrets(row, 1)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public Webhook update(Webhook changed, boolean redirects) {
        WebhookId id = changed.id();
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    boolean wasEnabled;
                    String pending;
                    try (PreparedStatement lock = transaction.prepareStatement(LOCK)) {
                        lock.setString(1, id.value());
                        try (ResultSet row = lock.executeQuery()) {
                            if (!row.next()) {
                                throw new WebhookNotFoundException(id.value());
                            }
                            wasEnabled = row.getBoolean(1);
                            pending = row.getString(2);
                        }
                    }
                    try (PreparedStatement update = transaction.prepareStatement(redirects ? REDIRECT : CHANGE)) {
                        update.setString(1, changed.url().toString());
                        update.setString(2, WebhookRows.events(changed.events()));
                        WebhookRows.setText(update, 3, changed.description());
                        update.setBoolean(4, changed.enabled());
                        WebhookRows.setText(update, 5, changed.disabledReason());
                        update.setString(6, id.value());
                        update.executeUpdate();
                    }
                    if (!wasEnabled && changed.enabled() && pending != null) {
                        try (PreparedStatement restart = transaction.prepareStatement(RESTART)) {
                            restart.setString(1, pending);
                            restart.executeUpdate();
                        }
                    }
                    return find(transaction, id).orElseThrow();
                })));
    }

    @Override
    public void delete(WebhookId id) {
        int deleted = calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried -> {
            try (PreparedStatement delete = retried.prepareStatement(DELETE)) {
                delete.setString(1, id.value());
                return delete.executeUpdate();
            }
        }));
        if (deleted == 0) {
            throw new WebhookNotFoundException(id.value());
        }
    }

    @Override
    public void rotate(WebhookId id, WebhookSecret next, Instant previousUntil) {
        Objects.requireNonNull(next, "next");
        Objects.requireNonNull(previousUntil, "previousUntil");
        int rotated = calls.call(connection -> {
            try (PreparedStatement rotate = connection.prepareStatement(ROTATE)) {
                WebhookRows.setInstant(rotate, 1, previousUntil);
                rotate.setString(2, next.text());
                rotate.setString(3, id.value());
                return rotate.executeUpdate();
            }
        });
        if (rotated == 0) {
            throw new WebhookNotFoundException(id.value());
        }
    }

    @Override
    public void replay(WebhookId id, long afterChangeId) {
        if (afterChangeId < 0) {
            throw new IllegalArgumentException("A replay starts after a change id, 0 or more, got " + afterChangeId);
        }
        calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    String pending;
                    try (PreparedStatement lock = transaction.prepareStatement(LOCK)) {
                        lock.setString(1, id.value());
                        try (ResultSet row = lock.executeQuery()) {
                            if (!row.next()) {
                                throw new WebhookNotFoundException(id.value());
                            }
                            pending = row.getString(2);
                        }
                    }
                    try (PreparedStatement replay = transaction.prepareStatement(REPLAY)) {
                        replay.setLong(1, afterChangeId);
                        replay.setString(2, id.value());
                        replay.executeUpdate();
                    }
                    if (pending != null) {
                        try (PreparedStatement supersede = transaction.prepareStatement(SUPERSEDE)) {
                            supersede.setBytes(1, WebhookRows.NO_BODY);
                            supersede.setString(2, pending);
                            supersede.executeUpdate();
                        }
                    }
                    return null;
                })));
    }

    @Override
    public List<LoggedAttempt> attempts(WebhookId id, long beforeAttemptId, int limit) {
        if (limit < 1) {
            return List.of();
        }
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(ATTEMPTS)) {
                select.setString(1, id.value());
                select.setLong(2, beforeAttemptId);
                select.setInt(3, limit);
                List<LoggedAttempt> attempts = new ArrayList<>();
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        long first = row.getLong(10);
                        boolean carriesChanges = !row.wasNull();
                        attempts.add(new LoggedAttempt(row.getLong(1), new WebhookId(row.getString(2)),
                                row.getString(3), carriesChanges ? first : null,
                                carriesChanges ? row.getLong(11) : null, WebhookRows.record(row)));
                    }
                }
                return attempts;
            }
        });
    }

    private static Optional<Webhook> find(Connection connection, WebhookId id) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(FIND)) {
            select.setString(1, id.value());
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(WebhookRows.webhook(row, 1)) : Optional.empty();
            }
        }
    }
}
