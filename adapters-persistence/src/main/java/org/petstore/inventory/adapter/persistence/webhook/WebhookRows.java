package org.petstore.inventory.adapter.persistence.webhook;

import java.net.URI;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.petstore.inventory.application.port.outbound.AcknowledgedDelivery;
import org.petstore.inventory.application.port.outbound.AttemptRecord;
import org.petstore.inventory.application.port.outbound.FormedDelivery;
import org.petstore.inventory.application.port.outbound.PendingDelivery;
import org.petstore.inventory.domain.webhook.AttemptResult;
import org.petstore.inventory.domain.webhook.DeliveryError;
import org.petstore.inventory.domain.webhook.EventType;
import org.petstore.inventory.domain.webhook.SigningSecrets;
import org.petstore.inventory.domain.webhook.Webhook;
import org.petstore.inventory.domain.webhook.WebhookId;
import org.petstore.inventory.domain.webhook.WebhookSecret;
import org.petstore.inventory.domain.webhook.WebhookUrl;

/**
 * The webhooks' rows (migration {@code V12}) to the domain and back: the columns read, by position, and how each
 * value is written; and the rows a run of acknowledged deliveries adds ({@link #insertAcknowledged}), the same on both
 * backends. Instants are kept in UTC to the microsecond (a finer part is dropped, not rounded); an attempt's
 * duration to the millisecond.
 */
final class WebhookRows {

    /** A webhook's {@link #WEBHOOK_COLUMNS} columns ({@link #webhook}), then its secrets' {@link #SECRET_COLUMNS}. */
    static final String WEBHOOK = "s.id, s.url, s.events, s.description, s.enabled, s.disabled_reason, s.created_at,"
            + " s.cursor_change_id, s.last_failure_at, s.last_failure, s.secret, s.previous_secret,"
            + " s.previous_secret_until";
    static final int WEBHOOK_COLUMNS = 10;
    static final int SECRET_COLUMNS = 3;

    /** A delivery's columns, as they follow {@link #WEBHOOK} in the deliverer's read ({@link #pending}). */
    static final String DELIVERY = "d.id, d.event_type, d.previous_change_id, d.first_change_id, d.last_change_id,"
            + " d.body, d.formed_at, d.attempts, d.next_attempt_at";

    /** An attempt's columns as the log reads them ({@link #record}); the delivery's change range follows. */
    static final String ATTEMPT = "a.attempt_id, a.webhook_id, a.delivery_id, a.attempt, a.attempted_at,"
            + " a.status_code, a.error, a.duration_ms, a.excerpt, d.first_change_id, d.last_change_id";

    /** The columns {@link #bindAttempt} sets, after the webhook's and the delivery's ids. */
    static final String ATTEMPT_VALUES = "attempt, attempted_at, status_code, error, duration_ms, excerpt";

    /** Logs an attempt: the webhook's id, the delivery's, then {@link #bindAttempt}'s parameters from 3 on. */
    static final String LOG_ATTEMPT = "INSERT INTO webhook_attempt (webhook_id, delivery_id, " + ATTEMPT_VALUES
            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

    /** The states of a delivery (column {@code webhook_delivery.state}). */
    static final String PENDING = "pending";
    static final String DELIVERED = "delivered";
    static final String FAILED = "failed";
    static final String SUPERSEDED = "superseded";

    /**
     * A delivery's columns as its forming inserts them, after its id and its webhook's, and their values:
     * {@link #bindFormed}'s seven parameters, 0 attempts made and the state pending.
     */
    static final String FORMED = "event_type, previous_change_id, first_change_id, last_change_id, body, formed_at,"
            + " attempts, next_attempt_at, state";
    static final String FORMED_VALUES = "?, ?, ?, ?, ?, ?, 0, ?, '" + PENDING + "'";

    /**
     * Stores a delivery acknowledged in a run as delivered, after one attempt: its id, its webhook's, then
     * {@link #bindRange}'s six parameters.
     */
    static final String INSERT_DELIVERED = "INSERT INTO webhook_delivery (id, webhook_id, " + FORMED
            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, NULL, '" + DELIVERED + "')";

    /**
     * What a delivery keeps of its body while pending until an attempt fails (formed again from its changes), and
     * once delivered or superseded (never sent again): nothing.
     */
    static final byte[] NO_BODY = new byte[0];

    private WebhookRows() {
    }

    /** The events as column {@code events} keeps them: the wire names, comma-separated, in the enum's order. */
    static String events(Set<EventType> events) {
        return events.stream().sorted().map(EventType::wireName).collect(Collectors.joining(","));
    }

    /** An instant as the columns keep it: UTC, to the microsecond (dropped, not rounded, below it). */
    static void setInstant(PreparedStatement statement, int index, Instant instant) throws SQLException {
        if (instant == null) {
            statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            statement.setObject(index, instant.truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC));
        }
    }

    static void setText(PreparedStatement statement, int index, String text) throws SQLException {
        if (text == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, text);
        }
    }

    static void setInteger(PreparedStatement statement, int index, Integer value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setInt(index, value);
        }
    }

    static Instant instant(ResultSet row, int index) throws SQLException {
        OffsetDateTime value = row.getObject(index, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** The webhook of {@link #WEBHOOK}'s columns, from column {@code first} on. */
    static Webhook webhook(ResultSet row, int first) throws SQLException {
        Set<EventType> events = EventType.subscribable(Arrays.asList(row.getString(first + 2).split(",")));
        return new Webhook(new WebhookId(row.getString(first)), new WebhookUrl(URI.create(row.getString(first + 1))),
                events, row.getString(first + 3), row.getBoolean(first + 4), row.getString(first + 5),
                instant(row, first + 6), row.getLong(first + 7), instant(row, first + 8), row.getString(first + 9));
    }

    /** The secrets of {@link #WEBHOOK}'s columns, the first of which is {@code first}. */
    static SigningSecrets secrets(ResultSet row, int first) throws SQLException {
        int at = first + WEBHOOK_COLUMNS;
        String previous = row.getString(at + 1);
        return new SigningSecrets(WebhookSecret.parse(row.getString(at)),
                previous == null ? null : WebhookSecret.parse(previous), instant(row, at + 2));
    }

    /** The pending delivery of {@link #DELIVERY}'s columns from {@code first} on; null when there is none. */
    static PendingDelivery pending(ResultSet row, int first) throws SQLException {
        String id = row.getString(first);
        if (id == null) {
            return null;
        }
        FormedDelivery delivery = new FormedDelivery(id, row.getString(first + 1), row.getLong(first + 2),
                row.getLong(first + 3), row.getLong(first + 4), row.getBytes(first + 5), instant(row, first + 6));
        return new PendingDelivery(delivery, row.getInt(first + 7), instant(row, first + 8));
    }

    /** The attempt of {@link #ATTEMPT}'s columns 4 to 9: its number, time and result as logged. */
    static AttemptRecord record(ResultSet row) throws SQLException {
        int status = row.getInt(6);
        boolean answered = !row.wasNull();
        Duration duration = Duration.ofMillis(row.getLong(8));
        AttemptResult result = answered ? AttemptResult.answered(status, duration, null, row.getString(9))
                : new AttemptResult(null, DeliveryError.ofWireName(row.getString(7)).orElseThrow(), duration, null,
                        row.getString(9));
        return new AttemptRecord(row.getInt(4), instant(row, 5), result);
    }

    /**
     * Sets the seven parameters of a delivery's forming from {@code first} on, after its id and its webhook's:
     * {@link #bindRange}'s, then when it is due (when it was formed); the index after the last.
     */
    static int bindFormed(PreparedStatement statement, int first, FormedDelivery delivery) throws SQLException {
        int due = bindRange(statement, first, delivery);
        setInstant(statement, due, delivery.formedAt());
        return due + 1;
    }

    /**
     * Sets six parameters of a delivery from {@code first} on, after its id and its webhook's: its event type, change
     * range, body (none: {@link #NO_BODY}; a failure writes it) and when it was formed; the index after the last.
     */
    static int bindRange(PreparedStatement statement, int first, FormedDelivery delivery) throws SQLException {
        statement.setString(first, delivery.eventType());
        statement.setLong(first + 1, delivery.previousChangeId());
        statement.setLong(first + 2, delivery.firstChangeId());
        statement.setLong(first + 3, delivery.lastChangeId());
        statement.setBytes(first + 4, NO_BODY);
        setInstant(statement, first + 5, delivery.formedAt());
        return first + 6;
    }

    /**
     * Stores each delivery of a run as delivered, then logs its attempt (in the run's order, after the attempt of the
     * delivery that began it): two batches in the caller's transaction.
     */
    static void insertAcknowledged(Connection transaction, WebhookId webhook, List<AcknowledgedDelivery> run)
            throws SQLException {
        try (PreparedStatement insert = transaction.prepareStatement(INSERT_DELIVERED)) {
            for (AcknowledgedDelivery acknowledged : run) {
                insert.setString(1, acknowledged.delivery().id());
                insert.setString(2, webhook.value());
                bindRange(insert, 3, acknowledged.delivery());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement log = transaction.prepareStatement(LOG_ATTEMPT)) {
            for (AcknowledgedDelivery acknowledged : run) {
                log.setString(1, webhook.value());
                log.setString(2, acknowledged.delivery().id());
                bindAttempt(log, 3, acknowledged.attempt());
                log.addBatch();
            }
            log.executeBatch();
        }
    }

    /**
     * Sets the six parameters of an attempt's log row from {@code first} on: its number, time, status, error, duration
     * and excerpt, in the order of {@link #ATTEMPT_VALUES}; the index after the last.
     */
    static int bindAttempt(PreparedStatement statement, int first, AttemptRecord attempt) throws SQLException {
        AttemptResult result = attempt.result();
        statement.setInt(first, attempt.attempt());
        setInstant(statement, first + 1, attempt.at());
        setInteger(statement, first + 2, result.status());
        setText(statement, first + 3, result.error() == null ? null : result.error().wireName());
        statement.setLong(first + 4, result.duration().toMillis());
        setText(statement, first + 5, result.excerpt());
        return first + 6;
    }

}
