package org.petstore.inventory.adapter.persistence.access;

import jakarta.inject.Singleton;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.petstore.inventory.adapter.persistence.DatabaseCalls;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.domain.access.ApiKey;
import org.petstore.inventory.domain.access.ApiKeyNotFoundException;
import org.petstore.inventory.domain.access.KeyId;
import org.petstore.inventory.domain.access.KeyName;
import org.petstore.inventory.domain.access.Scopes;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The {@link ApiKeyStore} port on a relational database (tables {@code api_key} and {@code api_key_secret}, migration
 * {@code V9}; a key's own quota in three columns of {@code api_key}, migration {@code V10}, all NULL for the default),
 * in portable SQL on connections of {@link DatabaseCalls}. A rotation locks the key's row first, so that two rotations
 * of one key follow each other and the second caps the first one's secret; the uses of several keys are written in
 * one transaction, in the order of their ids (two instances writing the same keys never deadlock).
 */
@Singleton
final class JdbcApiKeyStore implements ApiKeyStore {

    private static final String KEY_COLUMNS = "k.id, k.name, k.scopes, k.created_at, k.expires_at, k.revoked_at,"
            + " k.last_used_at, k.quota_per_second, k.quota_burst, k.quota_live_feeds";

    /** How many columns {@link #KEY_COLUMNS} has: a secret's columns follow them. */
    private static final int KEY_COLUMN_COUNT = 10;

    private static final String INSERT_KEY = "INSERT INTO api_key (id, name, scopes, created_at, expires_at,"
            + " revoked_at, last_used_at, quota_per_second, quota_burst, quota_live_feeds)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static final String INSERT_SECRET = "INSERT INTO api_key_secret (digest, key_id, created_at, expires_at)"
            + " VALUES (?, ?, ?, NULL)";

    private static final String SECRETS = "SELECT " + KEY_COLUMNS + ", s.digest, s.expires_at"
            + " FROM api_key_secret s JOIN api_key k ON k.id = s.key_id";

    private static final String SECRET_BY_DIGEST = SECRETS + " WHERE s.digest = ?";

    /** Any number of keys in one statement of fixed text, their ids as an array, as the inventory passes its pets. */
    private static final String SECRETS_OF = SECRETS + " WHERE s.key_id = ANY(CAST(? AS VARCHAR ARRAY))";

    private static final String LIST = "SELECT " + KEY_COLUMNS + " FROM api_key k ORDER BY k.created_at, k.id";

    private static final String FIND = "SELECT " + KEY_COLUMNS + " FROM api_key k WHERE k.id = ?";

    private static final String REVOKE = "UPDATE api_key SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL";

    private static final String LOCK_KEY = "SELECT id FROM api_key WHERE id = ? FOR UPDATE";

    /** The key's secrets that work longer than the cap (or as long as the key) stop at the cap; earlier ones stay. */
    private static final String CAP_SECRETS = "UPDATE api_key_secret SET expires_at = ?"
            + " WHERE key_id = ? AND (expires_at IS NULL OR expires_at > ?)";

    private static final String ADD_SECRET = "INSERT INTO api_key_secret (digest, key_id, created_at, expires_at)"
            + " VALUES (?, ?, CURRENT_TIMESTAMP, NULL)";

    /** A key's quota: all three columns set, or all three NULL for the default (migration {@code V10}). */
    private static final String CHANGE_QUOTA = "UPDATE api_key SET quota_per_second = ?, quota_burst = ?,"
            + " quota_live_feeds = ? WHERE id = ?";

    private static final String RECORD_USE = "UPDATE api_key SET last_used_at = ?"
            + " WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)";

    private final DatabaseCalls calls;

    JdbcApiKeyStore(DatabaseCalls calls) {
        this.calls = calls;
    }

    @Override
    public void add(ApiKey key, String secretDigest) {
        requireDigest(secretDigest);
        calls.call(connection -> DatabaseCalls.inTransaction(connection, transaction -> {
            try (PreparedStatement insert = transaction.prepareStatement(INSERT_KEY)) {
                insert.setString(1, key.id().value());
                insert.setString(2, key.name().value());
                insert.setString(3, String.join(",", key.scopes().wireNames()));
                setInstant(insert, 4, key.createdAt());
                setInstant(insert, 5, key.expiresAt());
                setInstant(insert, 6, key.revokedAt());
                setInstant(insert, 7, key.lastUsedAt());
                setQuota(insert, 8, key.quota());
                insert.executeUpdate();
            }
            try (PreparedStatement insert = transaction.prepareStatement(INSERT_SECRET)) {
                insert.setString(1, secretDigest);
                insert.setString(2, key.id().value());
                setInstant(insert, 3, key.createdAt());
                return insert.executeUpdate();
            }
        }));
    }

    @Override
    public Optional<KeySecretEntry> findBySecretDigest(String secretDigest) {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(SECRET_BY_DIGEST)) {
                select.setString(1, secretDigest);
                return secrets(select).stream().findFirst();
            }
        });
    }

    @Override
    public List<KeySecretEntry> secretsOf(Collection<KeyId> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(SECRETS_OF)) {
                select.setArray(1, connection.createArrayOf("varchar",
                        ids.stream().map(KeyId::value).distinct().toArray(String[]::new)));
                return secrets(select);
            }
        });
    }

    @Override
    public List<ApiKey> list() {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(LIST)) {
                return keys(select);
            }
        });
    }

    @Override
    public Optional<ApiKey> find(KeyId id) {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(FIND)) {
                select.setString(1, id.value());
                return keys(select).stream().findFirst();
            }
        });
    }

    @Override
    public void revoke(KeyId id, Instant at) {
        calls.call(connection -> {
            try (PreparedStatement revoke = connection.prepareStatement(REVOKE)) {
                setInstant(revoke, 1, at);
                revoke.setString(2, id.value());
                return revoke.executeUpdate();
            }
        });
    }

    @Override
    public void rotate(KeyId id, String newSecretDigest, Instant oldSecretsUntil) {
        requireDigest(newSecretDigest);
        calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    try (PreparedStatement lock = transaction.prepareStatement(LOCK_KEY)) {
                        lock.setString(1, id.value());
                        try (ResultSet row = lock.executeQuery()) {
                            if (!row.next()) {
                                throw new ApiKeyNotFoundException(id.value());
                            }
                        }
                    }
                    try (PreparedStatement cap = transaction.prepareStatement(CAP_SECRETS)) {
                        setInstant(cap, 1, oldSecretsUntil);
                        cap.setString(2, id.value());
                        setInstant(cap, 3, oldSecretsUntil);
                        cap.executeUpdate();
                    }
                    try (PreparedStatement insert = transaction.prepareStatement(ADD_SECRET)) {
                        insert.setString(1, newSecretDigest);
                        insert.setString(2, id.value());
                        return insert.executeUpdate();
                    }
                })));
    }

    @Override
    public void changeQuota(KeyId id, Quota quota) {
        int changed = calls.call(connection -> {
            try (PreparedStatement update = connection.prepareStatement(CHANGE_QUOTA)) {
                setQuota(update, 1, quota);
                update.setString(4, id.value());
                return update.executeUpdate();
            }
        });
        if (changed == 0) {
            throw new ApiKeyNotFoundException(id.value());
        }
    }

    @Override
    public void recordUse(Map<KeyId, Instant> lastUsed) {
        if (lastUsed.isEmpty()) {
            return;
        }
        Map<String, Instant> byId = new TreeMap<>();
        lastUsed.forEach((id, at) -> byId.put(id.value(), at));
        calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried ->
                DatabaseCalls.inTransaction(retried, transaction -> {
                    try (PreparedStatement update = transaction.prepareStatement(RECORD_USE)) {
                        for (Map.Entry<String, Instant> use : byId.entrySet()) {
                            setInstant(update, 1, use.getValue());
                            update.setString(2, use.getKey());
                            setInstant(update, 3, use.getValue());
                            update.addBatch();
                        }
                        return update.executeBatch().length;
                    }
                })));
    }

    private static void requireDigest(String digest) {
        if (!ApiKeyStore.isDigest(digest)) {
            throw new IllegalArgumentException("Not a secret's digest (64 lower-case hex digits): the store keeps no "
                    + "secret");
        }
    }

    /** An instant as the columns keep it: UTC, to the microsecond (dropped, not rounded, below it). */
    private static void setInstant(PreparedStatement statement, int index, Instant instant) throws SQLException {
        if (instant == null) {
            statement.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            statement.setObject(index, instant.truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC));
        }
    }

    /** Sets three parameters from {@code first} on to the quota's rate, burst and live feeds, or all to NULL. */
    private static void setQuota(PreparedStatement statement, int first, Quota quota) throws SQLException {
        if (quota == null) {
            for (int index = first; index < first + 3; index++) {
                statement.setNull(index, Types.INTEGER);
            }
        } else {
            statement.setInt(first, quota.perSecond());
            statement.setInt(first + 1, quota.burst());
            statement.setInt(first + 2, quota.liveFeeds());
        }
    }

    /** The quota of columns 8 to 10 of {@link #KEY_COLUMNS}: null (the default) when they are NULL. */
    private static Quota quota(ResultSet row) throws SQLException {
        int perSecond = row.getInt(8);
        if (row.wasNull()) {
            return null; // the migration's CHECK keeps the three columns NULL together
        }
        return new Quota(perSecond, row.getInt(9), row.getInt(10));
    }

    private static Instant instant(ResultSet row, int index) throws SQLException {
        OffsetDateTime value = row.getObject(index, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static List<ApiKey> keys(PreparedStatement select) throws SQLException {
        List<ApiKey> keys = new ArrayList<>();
        try (ResultSet row = select.executeQuery()) {
            while (row.next()) {
                keys.add(key(row));
            }
        }
        return keys;
    }

    private static List<KeySecretEntry> secrets(PreparedStatement select) throws SQLException {
        List<KeySecretEntry> secrets = new ArrayList<>();
        try (ResultSet row = select.executeQuery()) {
            while (row.next()) {
                secrets.add(new KeySecretEntry(key(row), row.getString(KEY_COLUMN_COUNT + 1),
                        instant(row, KEY_COLUMN_COUNT + 2)));
            }
        }
        return secrets;
    }

    /** A key from the first columns of a row: {@link #KEY_COLUMNS}. */
    private static ApiKey key(ResultSet row) throws SQLException {
        return new ApiKey(new KeyId(row.getString(1)), new KeyName(row.getString(2)),
                Scopes.parse(Arrays.asList(row.getString(3).split(","))), instant(row, 4), instant(row, 5),
                instant(row, 6), instant(row, 7), quota(row));
    }
}
