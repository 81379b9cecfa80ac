package org.petstore.inventory.adapter.persistence;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockDelta;

/**
 * The idempotency keys of {@link JdbcInventoryRepository#change}: table {@code idempotency_key} (migrations
 * {@code V7}, {@code V8}), one row per key and scope, in portable SQL. A request claims its key ({@link #claim}) by
 * inserting the row without an answer, committed at once, with a random token: the primary key makes one of
 * concurrent claims win, across every instance; the others find the row: another fingerprint is
 * {@link ChangeOutcome.KeyReused}, no answer {@link ChangeOutcome.KeyInFlight}, a kept answer is answered again. The
 * winner's transaction ends with {@link #keep}, which writes the answer (JSON, {@link Answer}) on condition of the
 * token: a claim taken over meanwhile keeps nothing and the transaction must roll back, so a request's changes are
 * committed at most once, with its answer, whatever instance stops when. A request that failed before it committed
 * gives its claim up ({@link #release}) for its retry; a claim still without an answer after {@link #LEASE} (its
 * instance stopped) is taken over by the next request with the key.
 */
@Singleton
final class JdbcIdempotencyClaims {

    /**
     * How long a claim without an answer holds its key: longer than any request carries it out (every database call
     * of a request is bounded by its deadline, {@link DatabaseDeadlines}), so a claim this old was left by an instance
     * that stopped.
     */
    static final Duration LEASE = Duration.ofMinutes(1);

    /** Rounds of insert-or-read a claim takes at most. */
    private static final int ROUNDS = 5;

    private static final String INSERT = "INSERT INTO idempotency_key (scope, idempotency_key, fingerprint,"
            + " claim_token, claimed_at) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

    private static final String SELECT = "SELECT fingerprint, claim_token, claimed_at, answer, CURRENT_TIMESTAMP"
            + " FROM idempotency_key WHERE scope = ? AND idempotency_key = ?";

    private static final String HELD = " WHERE scope = ? AND idempotency_key = ? AND claim_token = ? AND answer IS NULL";

    private static final String TAKE_OVER = "UPDATE idempotency_key SET claim_token = ?, claimed_at = CURRENT_TIMESTAMP"
            + HELD;

    private static final String RELEASE = "DELETE FROM idempotency_key" + HELD;

    private static final String KEEP = "UPDATE idempotency_key SET answer = ?" + HELD;

    private static final String REMOVE_OLDER_THAN = "DELETE FROM idempotency_key WHERE claimed_at < ?";

    /** What {@link #claim} found: the key is the caller's, or the request is answered without being carried out. */
    sealed interface Claim {
    }

    /** The key is the caller's: carry the request out and {@link #keep} its outcome, or {@link #release} it. */
    record Claimed(IdempotentRequest request, long token) implements Claim {
    }

    /** The request's answer: the outcome kept with the key, or that the key is in flight or was reused. */
    record Answered(ChangeOutcome outcome) implements Claim {
    }

    private final DatabaseCalls calls;
    private final JsonMapper json;

    JdbcIdempotencyClaims(DatabaseCalls calls, JsonMapper json) {
        this.calls = calls;
        this.json = json;
    }

    /**
     * Claims the request's key in its scope, or says why the request is answered without being carried out; atomic
     * across every instance. The changes are the request's: a kept answer names their pets.
     */
    Claim claim(IdempotentRequest request, List<EntryChange> changes) {
        return calls.call(connection -> {
            // until the row is inserted, or found: a row removed (released, retention) or taken over between the two
            // is looked for again; a few rounds at most, each bounded by the request's deadline
            for (int round = 1; round <= ROUNDS; round++) {
                long token = ThreadLocalRandom.current().nextLong();
                if (inserted(connection, request, token)) {
                    return new Claimed(request, token);
                }
                try (PreparedStatement select = connection.prepareStatement(SELECT)) {
                    select.setString(1, request.scope());
                    select.setString(2, request.key());
                    try (ResultSet row = select.executeQuery()) {
                        Claim found = row.next() ? found(connection, request, changes, row, token) : null;
                        if (found != null) {
                            return found;
                        }
                    }
                }
            }
            return new Answered(new ChangeOutcome.KeyInFlight()); // other requests keep changing the key's row
        });
    }

    /** What the key's row says; {@code null} when it was taken over by another request meanwhile (look again). */
    private Claim found(Connection connection, IdempotentRequest request, List<EntryChange> changes, ResultSet row,
            long token) throws SQLException {
        if (!row.getString(1).equals(request.fingerprint())) {
            return new Answered(new ChangeOutcome.KeyReused());
        }
        String answer = row.getString(4);
        if (answer != null) {
            return new Answered(outcome(answer, changes));
        }
        Instant claimedAt = row.getObject(3, OffsetDateTime.class).toInstant();
        Instant now = row.getObject(5, OffsetDateTime.class).toInstant();
        if (claimedAt.plus(LEASE).isAfter(now)) {
            return new Answered(new ChangeOutcome.KeyInFlight());
        }
        try (PreparedStatement takeOver = connection.prepareStatement(TAKE_OVER)) {
            takeOver.setLong(1, token);
            return held(takeOver, 2, new Claimed(request, row.getLong(2))).executeUpdate() == 1
                    ? new Claimed(request, token) : null;
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

    /** Gives the claim up, keeping nothing, unless it was taken over: a retry with the key is carried out anew. */
    void release(Claimed claim) {
        calls.call(connection -> {
            try (PreparedStatement release = connection.prepareStatement(RELEASE)) {
                return held(release, 1, claim).executeUpdate();
            }
        });
    }

    /**
     * Keeps the outcome with the claim, in the caller's transaction, which makes the changes of the outcome; whether
     * the claim was still this one's. When it was not (taken over), the caller must roll its transaction back.
     */
    boolean keep(Connection connection, Claimed claim, ChangeOutcome outcome) throws SQLException {
        try (PreparedStatement keep = connection.prepareStatement(KEEP)) {
            keep.setString(1, json.writeValueAsString(Answer.of(outcome)));
            return held(keep, 2, claim).executeUpdate() == 1;
        } catch (IOException e) {
            throw new IllegalStateException("The answer could not be written as JSON: " + outcome, e);
        }
    }

    /** Sets the parameters of {@link #HELD} from {@code first} on to the claim's. */
    private static PreparedStatement held(PreparedStatement statement, int first, Claimed claim)
            throws SQLException {
        statement.setString(first, claim.request().scope());
        statement.setString(first + 1, claim.request().key());
        statement.setLong(first + 2, claim.token());
        return statement;
    }

    /** Removes the keys claimed before the cutoff, kept or not; how many. */
    int removeOlderThan(Instant cutoff) {
        return calls.call(connection -> {
            try (PreparedStatement remove = connection.prepareStatement(REMOVE_OLDER_THAN)) {
                remove.setObject(1, cutoff.atOffset(ZoneOffset.UTC));
                return remove.executeUpdate();
            }
        });
    }

    private ChangeOutcome outcome(String answer, List<EntryChange> changes) {
        try {
            return Answer.outcome(json.readValue(answer, JsonNode.class), changes);
        } catch (IOException e) {
            throw new IllegalStateException("idempotency_key holds an answer that is not JSON: " + answer, e);
        }
    }

    /**
     * A kept answer as its column holds it: the entries answered, in the order of the changes
     * ({@code {"applied":[{"petId":1,"quantity":9,"status":"available","version":2}]}}), or the refusal of the change
     * at {@code index} ({@code {"refused":{"index":1,"refusal":"insufficient_stock","count":5,"delta":-6}}}); a
     * storage format of this adapter, written and read as a JSON tree.
     */
    static final class Answer {

        static final String NOT_FOUND = "not_found";
        static final String STALE = "stale";
        static final String INSUFFICIENT_STOCK = "insufficient_stock";
        static final String LIMIT_EXCEEDED = "limit_exceeded";
        /** Only in answers kept before the JSON ({@code V8}), which hold the count alone. */
        static final String OUT_OF_RANGE = "out_of_range";

        private Answer() {
        }

        static JsonNode of(ChangeOutcome outcome) {
            return switch (outcome) {
                case ChangeOutcome.Applied(List<InventoryEntry> entries) -> object("applied", JsonNode.createArrayNode(
                        entries.stream().map(Answer::entry).toList()));
                case ChangeOutcome.Refused(int index, ChangeDecision.Refusal refusal) -> object("refused",
                        switch (refusal) {
                            case ChangeDecision.NotFound _ -> refused(index, NOT_FOUND, null, null);
                            case ChangeDecision.Stale _ -> refused(index, STALE, null, null);
                            case ChangeDecision.InsufficientStock(PetId _, Quantity count, StockDelta delta) ->
                                    refused(index, INSUFFICIENT_STOCK, count, delta);
                            case ChangeDecision.LimitExceeded(PetId _, Quantity count, StockDelta delta) ->
                                    refused(index, LIMIT_EXCEEDED, count, delta);
                        });
                case ChangeOutcome.KeyInFlight _, ChangeOutcome.KeyReused _ ->
                        throw new IllegalArgumentException("not an outcome a key keeps: " + outcome);
            };
        }

        private static JsonNode object(String name, JsonNode value) {
            return JsonNode.createObjectNode(Map.of(name, value));
        }

        private static JsonNode entry(InventoryEntry entry) {
            Map<String, JsonNode> members = new LinkedHashMap<>();
            members.put("petId", JsonNode.createNumberNode(entry.petId().value()));
            members.put("quantity", JsonNode.createNumberNode(entry.quantity().value()));
            members.put("status", JsonNode.createStringNode(StatusColumns.valueOf(entry.status())));
            members.put("version", JsonNode.createNumberNode(entry.version().value()));
            return JsonNode.createObjectNode(members);
        }

        private static JsonNode refused(int index, String refusal, @Nullable Quantity count,
                @Nullable StockDelta delta) {
            Map<String, JsonNode> members = new LinkedHashMap<>();
            members.put("index", JsonNode.createNumberNode(index));
            members.put("refusal", JsonNode.createStringNode(refusal));
            if (count != null) {
                members.put("count", JsonNode.createNumberNode(count.value()));
                members.put("delta", JsonNode.createNumberNode(delta.value()));
            }
            return JsonNode.createObjectNode(members);
        }

        /** The outcome an answer keeps; the refused change, one of the request's, names the refusal's pet. */
        static ChangeOutcome outcome(JsonNode answer, List<EntryChange> changes) {
            JsonNode refused = answer.get("refused");
            if (refused == null) {
                List<InventoryEntry> entries = new ArrayList<>();
                for (JsonNode entry : answer.get("applied").values()) {
                    entries.add(StoreMapper.inventoryEntry(entry.get("petId").getLongValue(),
                            entry.get("quantity").getIntValue(), entry.get("status").getStringValue(),
                            entry.get("version").getLongValue()));
                }
                return new ChangeOutcome.Applied(entries);
            }
            int index = refused.get("index").getIntValue();
            EntryChange change = changes.get(index);
            PetId petId = change.petId();
            String refusal = refused.get("refusal").getStringValue();
            return new ChangeOutcome.Refused(index, switch (refusal) {
                case NOT_FOUND -> new ChangeDecision.NotFound(petId);
                case STALE -> new ChangeDecision.Stale(petId);
                case INSUFFICIENT_STOCK -> new ChangeDecision.InsufficientStock(petId, count(refused),
                        StockDelta.of(refused.get("delta").getIntValue()));
                case LIMIT_EXCEEDED -> new ChangeDecision.LimitExceeded(petId, count(refused),
                        StockDelta.of(refused.get("delta").getIntValue()));
                // Kept before V8: only the count a delta was refused at, not the delta, nor whether it was too
                // little stock or above the limit. A retry has the request's fingerprint, so it carries the same
                // changes: the change decides again, by the domain's rule, on an entry at that count (its
                // condition, not part of the fingerprint, aside: it held when the change was refused).
                case OUT_OF_RANGE -> new EntryChange(petId, change.movement(), change.origin())
                        .decide(Optional.of(new InventoryEntry(petId, count(refused), PetStatus.AVAILABLE)))
                        instanceof ChangeDecision.Refusal again ? again : unreadable(refused);
                default -> unreadable(refused);
            });
        }

        private static Quantity count(JsonNode refused) {
            return Quantity.of(refused.get("count").getIntValue());
        }

        private static ChangeDecision.Refusal unreadable(JsonNode refused) {
            throw new IllegalStateException("idempotency_key holds an unknown refusal: " + refused);
        }
    }
}
