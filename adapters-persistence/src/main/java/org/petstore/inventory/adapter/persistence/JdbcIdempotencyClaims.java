package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * The {@link IdempotencyClaims} port on a relational database: table {@code idempotency_key} (migration {@code V7}),
 * one row per key and scope. Portable SQL: the same statements run on H2 and PostgreSQL.
 *
 * <p>A claim is a row inserted without an outcome, committed at once, with a random token: the primary key makes one
 * of concurrent claims of a key win, across every instance on the database; the others find the row. The winner's
 * transaction that makes the changes ({@link JdbcInventoryRepository#changeAll}) ends with {@link #keep}, which writes
 * the outcome on condition of the token: when another request took the claim over meanwhile, nothing is kept, the
 * transaction is rolled back and the request is answered as in flight. So a request's changes are committed at most
 * once, with its outcome, whatever instance stops when. A claim that is still without an outcome after
 * {@link #LEASE} (its instance stopped while carrying it out, before it committed anything) is taken over by the next
 * request with the key.
 */
@Singleton
final class JdbcIdempotencyClaims implements IdempotencyClaims {

    /**
     * How long a claim without an outcome holds its key: longer than any request carries it out (every database call
     * of a request is bounded by its deadline, {@link DatabaseDeadlines}), so a claim this old was left by an instance
     * that stopped.
     */
    static final Duration LEASE = Duration.ofMinutes(1);

    /** Rounds of insert-or-read a claim takes at most. */
    private static final int ATTEMPTS = 5;

    private static final String INSERT = "INSERT INTO idempotency_key (scope, idempotency_key, fingerprint,"
            + " claim_token, claimed_at) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

    private static final String SELECT = "SELECT fingerprint, claim_token, claimed_at, outcome, refused_index,"
            + " refused_count, entries, CURRENT_TIMESTAMP FROM idempotency_key WHERE scope = ? AND idempotency_key = ?";

    private static final String TAKE_OVER = "UPDATE idempotency_key SET claim_token = ?, claimed_at = CURRENT_TIMESTAMP"
            + " WHERE scope = ? AND idempotency_key = ? AND claim_token = ? AND outcome IS NULL";

    private static final String RELEASE = "DELETE FROM idempotency_key"
            + " WHERE scope = ? AND idempotency_key = ? AND claim_token = ? AND outcome IS NULL";

    private static final String KEEP = "UPDATE idempotency_key SET outcome = ?, refused_index = ?, refused_count = ?,"
            + " entries = ? WHERE scope = ? AND idempotency_key = ? AND claim_token = ? AND outcome IS NULL";

    private static final String REMOVE_OLDER_THAN = "DELETE FROM idempotency_key WHERE claimed_at < ?";

    private static final String APPLIED = "applied";
    private static final String NOT_FOUND = "not_found";
    private static final String STALE = "stale";
    private static final String OUT_OF_RANGE = "out_of_range";

    private final DataSource pool;
    private final DatabaseDeadlines deadlines;

    JdbcIdempotencyClaims(DataSource dataSource, DatabaseDeadlines deadlines) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.deadlines = deadlines;
    }

    @Override
    public Claim claim(IdempotentRequest request) {
        try (Connection connection = connection()) {
            // until the row is inserted, or found: a row removed (released, retention) or taken over between the two
            // is looked for again; a few rounds at most, each bounded by the request's deadline
            for (int round = 1; round <= ATTEMPTS; round++) {
                long token = ThreadLocalRandom.current().nextLong();
                if (inserted(connection, request, token)) {
                    return StorageFailures.succeeded(new Claimed(request, token));
                }
                try (PreparedStatement select = connection.prepareStatement(SELECT)) {
                    select.setString(1, request.scope());
                    select.setString(2, request.key());
                    try (ResultSet row = select.executeQuery()) {
                        if (row.next()) {
                            Claim found = found(connection, request, row, token);
                            if (found != null) {
                                return StorageFailures.succeeded(found);
                            }
                        }
                    }
                }
            }
            return StorageFailures.succeeded(new InFlight()); // other requests keep changing the key's row
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /** What the key's row says; {@code null} when it was taken over by another request meanwhile (look again). */
    private static Claim found(Connection connection, IdempotentRequest request, ResultSet row, long token)
            throws SQLException {
        if (!row.getString(1).equals(request.fingerprint())) {
            return new Reused();
        }
        String outcome = row.getString(4);
        if (outcome != null) {
            return new Kept(outcome(outcome, row.getInt(5), row.getInt(6), row.getString(7)));
        }
        Instant claimedAt = row.getObject(3, OffsetDateTime.class).toInstant();
        Instant now = row.getObject(8, OffsetDateTime.class).toInstant();
        if (claimedAt.plus(LEASE).isAfter(now)) {
            return new InFlight();
        }
        try (PreparedStatement takeOver = connection.prepareStatement(TAKE_OVER)) {
            takeOver.setLong(1, token);
            takeOver.setString(2, request.scope());
            takeOver.setString(3, request.key());
            takeOver.setLong(4, row.getLong(2));
            return takeOver.executeUpdate() == 1 ? new Claimed(request, token) : null;
        }
    }

    private static boolean inserted(Connection connection, IdempotentRequest request, long token)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            insert.setString(1, request.scope());
            insert.setString(2, request.key());
            insert.setString(3, request.fingerprint());
            insert.setLong(4, token);
            insert.executeUpdate();
            return true;
        } catch (SQLException e) {
            if (DatabaseFailure.of(e) == DatabaseFailure.INTEGRITY_VIOLATION) {
                return false; // the key's row exists
            }
            throw e;
        }
    }

    @Override
    public void release(Claimed claim) {
        try (Connection connection = connection();
             PreparedStatement release = connection.prepareStatement(RELEASE)) {
            release.setString(1, claim.request().scope());
            release.setString(2, claim.request().key());
            release.setLong(3, claim.token());
            release.executeUpdate();
            StorageFailures.succeeded(claim);
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /**
     * Keeps the outcome with the claim, in the caller's transaction, which makes the changes of the outcome.
     *
     * @throws IdempotencyKeyConflictException when the claim is no longer this one's (taken over): the caller must
     *         roll its transaction back
     */
    static void keep(Connection connection, Claimed claim, ChangesOutcome outcome) throws SQLException {
        try (PreparedStatement keep = connection.prepareStatement(KEEP)) {
            switch (outcome) {
                case ChangesOutcome.Applied applied -> {
                    keep.setString(1, APPLIED);
                    keep.setNull(2, Types.INTEGER);
                    keep.setNull(3, Types.INTEGER);
                    keep.setString(4, entries(applied.entries()));
                }
                case ChangesOutcome.Refused refused -> {
                    keep.setString(1, switch (refused.refusal()) {
                        case StockUpdate.NotFound _ -> NOT_FOUND;
                        case StockUpdate.Stale _ -> STALE;
                        case StockUpdate.OutOfRange _ -> OUT_OF_RANGE;
                        case StockUpdate.Updated _ -> throw new IllegalArgumentException("not a refusal");
                    });
                    keep.setInt(2, refused.index());
                    if (refused.refusal() instanceof StockUpdate.OutOfRange outOfRange) {
                        keep.setInt(3, outOfRange.count().value());
                    } else {
                        keep.setNull(3, Types.INTEGER);
                    }
                    keep.setNull(4, Types.VARCHAR);
                }
            }
            keep.setString(5, claim.request().scope());
            keep.setString(6, claim.request().key());
            keep.setLong(7, claim.token());
            if (keep.executeUpdate() != 1) {
                throw new IdempotencyKeyConflictException(IdempotencyKeyConflictException.Reason.IN_FLIGHT);
            }
        }
    }

    /** Removes the keys claimed before the cutoff, kept or not; how many. */
    int removeOlderThan(Instant cutoff) {
        try (Connection connection = connection();
             PreparedStatement remove = connection.prepareStatement(REMOVE_OLDER_THAN)) {
            remove.setObject(1, cutoff.atOffset(java.time.ZoneOffset.UTC));
            return StorageFailures.succeeded(remove.executeUpdate());
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /** The kept entries as text: {@code petId:quantity:STATUS:version}, comma-separated, in the changes' order. */
    private static String entries(List<InventoryEntry> entries) {
        StringBuilder text = new StringBuilder(entries.size() * 32);
        for (InventoryEntry entry : entries) {
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(entry.petId().value()).append(':').append(entry.quantity().value()).append(':')
                    .append(entry.status().name()).append(':').append(entry.version().value());
        }
        return text.toString();
    }

    private static ChangesOutcome outcome(String outcome, int index, int count, String entries) {
        return switch (outcome) {
            case APPLIED -> new ChangesOutcome.Applied(entriesOf(entries));
            case NOT_FOUND -> new ChangesOutcome.Refused(index, new StockUpdate.NotFound());
            case STALE -> new ChangesOutcome.Refused(index, new StockUpdate.Stale());
            case OUT_OF_RANGE -> new ChangesOutcome.Refused(index, new StockUpdate.OutOfRange(new Quantity(count)));
            default -> throw new IllegalStateException("idempotency_key holds an unknown outcome: " + outcome);
        };
    }

    private static List<InventoryEntry> entriesOf(String text) {
        List<InventoryEntry> entries = new ArrayList<>();
        for (String entry : text.split(",")) {
            String[] parts = entry.split(":");
            entries.add(new InventoryEntry(PetId.of(Long.parseLong(parts[0])), Quantity.of(Long.parseLong(parts[1])),
                    PetStatus.valueOf(parts[2]), EntryVersion.of(Long.parseLong(parts[3]))));
        }
        return entries;
    }

    private Connection connection() throws SQLException {
        Connection connection = pool.getConnection();
        try {
            deadlines.start().bound(connection);
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }
}
