package org.petstore.inventory.adapter.persistence.access;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.SharedQuotas;
import org.petstore.inventory.domain.access.KeyId;

/**
 * The {@link SharedQuotas} port on PostgreSQL (tables {@code quota_bucket}, migration {@code V10}, and
 * {@code quota_live_feed}, {@code V11}, by {@link #SHARE_FEEDS}): an exchange is one
 * statement for every key, whatever their number, on a connection of {@link DatabaseCalls} in autocommit. On H2 (one
 * process) there is no such bean, and the quota stays in the process.
 *
 * <p>The statement ({@link #EXCHANGE}) reads the database's clock once ({@code clock_timestamp()}, in nanoseconds
 * since the epoch: no instance's clock matters) and moves each bucket of a key that took units by the {@code Gcra}
 * rule for a take that always passes: {@code tat = GREATEST(tat, now) + units * interval}; a key's first exchange
 * inserts its row ({@code INSERT ... ON CONFLICT DO UPDATE}, which holds the row for the rest of the statement, so
 * two instances that exchange at once add up). It answers every key given with how far its bucket lies ahead of
 * now: a key that took units from the row it wrote, a key given with 0 units from the row as it is (read, not
 * written), a key without a row or without a managed key (a configured key, or one unknown here) with 0; the latter
 * never gets a row, so the foreign key to {@code api_key} cannot fail an exchange. The rows are written in the order
 * of their key ids, so that two exchanges of the same keys never deadlock (and one that the database aborted to
 * resolve a deadlock anyway, having added nothing, is tried again).
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
final class JdbcSharedQuotas implements SharedQuotas {

    /**
     * Parameters: three arrays of one length, the keys' ids, the units each took, each one's interval in
     * nanoseconds. {@code clock} is {@code MATERIALIZED}, so {@code now_ns} is read once for the whole statement
     * (every bucket is moved and answered on the same now). In {@code ON CONFLICT}, {@code EXCLUDED.tat_ns} is the row
     * proposed for a new key, {@code now_ns + units * interval}: less {@code now_ns} it is the key's
     * {@code units * interval}. The final {@code SELECT} sees {@code quota_bucket} as the statement found it (a
     * data-modifying {@code WITH} query's writes are seen only through its {@code RETURNING}), which is how a key
     * with 0 units is answered.
     */
    static final String EXCHANGE = """
            WITH clock AS MATERIALIZED (
                SELECT CAST(FLOOR(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000000) AS BIGINT) AS now_ns),
            taken AS (
                SELECT * FROM UNNEST(CAST(? AS VARCHAR ARRAY), CAST(? AS BIGINT ARRAY), CAST(? AS BIGINT ARRAY))
                    AS t (key_id, units, interval_ns)),
            moved AS (
                INSERT INTO quota_bucket AS b (key_id, tat_ns)
                SELECT t.key_id, c.now_ns + t.units * t.interval_ns
                FROM taken t CROSS JOIN clock c
                WHERE t.units > 0 AND EXISTS (SELECT 1 FROM api_key k WHERE k.id = t.key_id)
                ORDER BY t.key_id
                ON CONFLICT (key_id) DO UPDATE
                    SET tat_ns = GREATEST(b.tat_ns, (SELECT now_ns FROM clock))
                                 + (EXCLUDED.tat_ns - (SELECT now_ns FROM clock))
                RETURNING b.key_id, b.tat_ns)
            SELECT t.key_id, GREATEST(0, COALESCE(m.tat_ns, q.tat_ns, c.now_ns) - c.now_ns)
            FROM taken t CROSS JOIN clock c
                LEFT JOIN moved m ON m.key_id = t.key_id
                LEFT JOIN quota_bucket q ON q.key_id = t.key_id""";

    /**
     * Parameters: the keys' ids and how many live feeds each holds open here (two arrays of one length), then this
     * instance's id three times. Writes this instance's row of each key with feeds open, removes its row of each key
     * with none, removes every row not renewed for a minute, and answers each key with the feeds open on the other
     * instances that renewed theirs within {@value SharedQuotas#FEEDS_FRESH_SECONDS} s (the final {@code SELECT} sees
     * the table as the statement found it: only the other instances' rows count, which this statement does not
     * write).
     */
    static final String SHARE_FEEDS = """
            WITH here AS (
                SELECT * FROM UNNEST(CAST(? AS VARCHAR ARRAY), CAST(? AS INTEGER ARRAY)) AS h (key_id, open_feeds)),
            written AS (
                INSERT INTO quota_live_feed (key_id, instance_id, open_feeds, seen_at)
                SELECT h.key_id, ?, h.open_feeds, clock_timestamp() FROM here h WHERE h.open_feeds > 0
                ORDER BY h.key_id
                ON CONFLICT (key_id, instance_id) DO UPDATE
                    SET open_feeds = EXCLUDED.open_feeds, seen_at = EXCLUDED.seen_at
                RETURNING 1),
            cleared AS (
                DELETE FROM quota_live_feed f USING here h
                WHERE f.key_id = h.key_id AND f.instance_id = ? AND h.open_feeds = 0
                RETURNING 1),
            forgotten AS (
                DELETE FROM quota_live_feed WHERE seen_at < clock_timestamp() - INTERVAL '1 minute'
                RETURNING 1)
            SELECT h.key_id, CAST(COALESCE(SUM(f.open_feeds), 0) AS INTEGER)
            FROM here h LEFT JOIN quota_live_feed f ON f.key_id = h.key_id AND f.instance_id <> ?
                AND f.seen_at > clock_timestamp() - INTERVAL '%d seconds'
            GROUP BY h.key_id""".formatted(SharedQuotas.FEEDS_FRESH_SECONDS);

    private final DatabaseCalls calls;
    /** This instance among those sharing the database: made at each start, so a restart is another instance. */
    private final String instance = "inst-" + HexFormat.of().formatHex(randomBytes());

    JdbcSharedQuotas(DatabaseCalls calls) {
        this.calls = calls;
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[6];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    @Override
    public Map<KeyId, Integer> shareFeeds(Map<KeyId, Integer> openHere) {
        if (openHere.isEmpty()) {
            return Map.of();
        }
        Map<String, KeyId> ids = new TreeMap<>(); // in id order, as the rows are written
        openHere.keySet().forEach(id -> ids.put(id.value(), id));
        String[] keys = ids.keySet().toArray(String[]::new);
        Integer[] open = new Integer[keys.length];
        for (int i = 0; i < keys.length; i++) {
            open[i] = openHere.get(ids.get(keys[i]));
        }
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried -> {
            try (PreparedStatement share = retried.prepareStatement(SHARE_FEEDS)) {
                share.setArray(1, retried.createArrayOf("varchar", keys));
                share.setArray(2, retried.createArrayOf("integer", open));
                share.setString(3, instance);
                share.setString(4, instance);
                share.setString(5, instance);
                Map<KeyId, Integer> elsewhere = new HashMap<>();
                try (ResultSet row = share.executeQuery()) {
                    while (row.next()) {
                        elsewhere.put(ids.get(row.getString(1)), row.getInt(2));
                    }
                }
                return elsewhere;
            }
        }));
    }

    @Override
    public Map<KeyId, Long> exchange(Map<KeyId, Usage> taken) {
        if (taken.isEmpty()) {
            return Map.of();
        }
        Map<String, KeyId> ids = new TreeMap<>(); // in id order, as the rows are written
        taken.forEach((id, usage) -> {
            if (usage.units() < 0 || usage.intervalNanos() < 1) {
                throw new IllegalArgumentException("units are 0 or more and an interval 1 ns or more: " + id + " "
                        + usage);
            }
            ids.put(id.value(), id);
        });
        String[] keys = ids.keySet().toArray(String[]::new);
        Long[] units = new Long[keys.length];
        Long[] intervals = new Long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            Usage usage = taken.get(ids.get(keys[i]));
            units[i] = usage.units();
            intervals[i] = usage.intervalNanos();
        }
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried -> {
            try (PreparedStatement exchange = retried.prepareStatement(EXCHANGE)) {
                exchange.setArray(1, retried.createArrayOf("varchar", keys));
                exchange.setArray(2, retried.createArrayOf("bigint", units));
                exchange.setArray(3, retried.createArrayOf("bigint", intervals));
                Map<KeyId, Long> ahead = new HashMap<>();
                try (ResultSet row = exchange.executeQuery()) {
                    while (row.next()) {
                        ahead.put(ids.get(row.getString(1)), row.getLong(2));
                    }
                }
                return ahead;
            }
        }));
    }
}
