package org.petstore.inventory.adapter.persistence;

import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockMovement;

/**
 * The {@link InventoryRepository} port on a relational database: hand-written JDBC, columns read by position, on
 * connections of its own ({@link DatabaseCalls}), the reads in autocommit, one statement each. What differs per
 * database (the changes' SQL, how a list streams from a cursor) is in the backend's {@link InventoryStatements}.
 *
 * <p>Every stock change takes one of two ways, chosen here and nowhere else ({@link #change}):
 * <ul>
 *   <li>one change without an idempotency key and without a condition on its entry's version (a {@code PATCH}, an
 *       adjustment): the combined statement ({@link UpdateCombiner}), shared with the changes that arrive meanwhile,
 *       which makes it by the rule in SQL ({@link InventoryStatements#CHANGES_THE_COUNT}) and answers it with the
 *       domain's decision on the entry as it was;</li>
 *   <li>everything else (a batch, a condition, a key): one transaction ({@link #carryOut}) that locks the ledger's
 *       head, reads the entries, has the domain decide every change ({@link EntryChange#decideAll}), writes exactly
 *       the changes decided and keeps the key's answer ({@link JdbcIdempotencyClaims}).</li>
 * </ul>
 * Either way the changes are recorded in the stock ledger ({@link JdbcStockLedger}) in the transaction that makes them.
 */
@Singleton
final class JdbcInventoryRepository implements InventoryRepository {

    /** Lists of up to this many entries are read whole, by one statement. */
    static final int READ_WHOLE_UP_TO = 256;
    static final String SELECT_ALL_IF_SHORT = InventoryStatements.SELECT_ALL_WITH_REMOVALS + "\nLIMIT "
            + (READ_WHOLE_UP_TO + 1);

    private final DatabaseCalls calls;
    private final InventoryStatements statements;
    private final JdbcIdempotencyClaims claims;
    private final UpdateCombiner combined;

    JdbcInventoryRepository(DatabaseCalls calls, InventoryStatements statements, JdbcIdempotencyClaims claims,
            DatabaseDeadlines deadlines) {
        this.calls = calls;
        this.statements = statements;
        this.claims = claims;
        this.combined = new UpdateCombiner(new UpdateCombiner.Store() {
            @Override
            public Connection connection() throws SQLException {
                return calls.connection(null); // the combiner bounds it by its changes' deadlines
            }

            @Override
            public Map<Long, InventoryEntry> change(Connection connection, List<EntryChange> changes)
                    throws SQLException {
                return changeTogether(connection, changes);
            }
        }, deadlines);
    }

    /**
     * The rows and the version of exactly those rows, read in one snapshot. A list of up to {@link #READ_WHOLE_UP_TO}
     * entries is read whole by one statement in autocommit (one consistent read on every database, and the cheapest),
     * its version counted from its rows and the removal count every row carries (an empty list needs none: every empty
     * inventory has the same version). A longer one is read from a cursor, with its version, as the backend's
     * statements say. One deadline covers the short read, or the cursor opened with its first rows; each later batch of
     * a cursor's rows gets a budget of its own. The connection is held until the stream ends or is closed.
     */
    @Override
    public InventorySnapshot streamAll() {
        DatabaseDeadlines.Deadline deadline = calls.start();
        try {
            RowCursor.Summarized<InventoryVersion, InventoryEntry> list = RowCursor.openWhole(
                    calls.connection(deadline), SELECT_ALL_IF_SHORT, READ_WHOLE_UP_TO, StoreMapper::inventoryEntry,
                    row -> row.getLong(5),
                    (entries, removals) -> InventoryVersion.of(entries, removals == null ? 0 : removals));
            if (list == null) {
                Connection connection = calls.connection(deadline);
                list = RowCursor.open(connection, statements, statements.listVersion(), statements.selectAll(),
                        StoreMapper::inventoryEntry);
                try {
                    deadline.boundEachRead(connection);
                } catch (SQLException e) {
                    // the cursor has already released the connection (all of its rows read at once)
                }
            }
            return StorageFailures.succeeded(new InventorySnapshot(list.summary(), list.rows()));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    @Override
    public InventoryVersion currentVersion() {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(statements.selectVersion());
                 ResultSet row = select.executeQuery()) {
                row.next();
                return StoreMapper.inventoryVersion(row, 1);
            }
        });
    }

    @Override
    public Optional<InventoryEntry> findByPetId(PetId petId) {
        return calls.call(connection -> {
            try (PreparedStatement select = connection.prepareStatement(InventoryStatements.SELECT_ONE)) {
                select.setLong(1, petId.value());
                try (ResultSet row = select.executeQuery()) {
                    return row.next() ? Optional.of(StoreMapper.inventoryEntry(row)) : Optional.empty();
                }
            }
        });
    }

    /** One of the two ways of the class comment; a claimed request that fails gives its claim up, for its retry. */
    @Override
    public ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key) {
        if (key.isEmpty()) {
            return changes.size() == 1 && changes.getFirst().expected() instanceof ExpectedVersions.Any
                    ? combined.change(changes.getFirst())
                    : carryOut(changes, Optional.empty());
        }
        return switch (claims.claim(key.get(), changes)) {
            case JdbcIdempotencyClaims.Answered answered -> answered.outcome();
            case JdbcIdempotencyClaims.Claimed claimed -> {
                try {
                    yield carryOut(changes, Optional.of(claimed));
                } catch (RuntimeException | Error failed) {
                    try {
                        claims.release(claimed);
                    } catch (RuntimeException releaseFailed) {
                        failed.addSuppressed(releaseFailed); // the claim's lease ends it
                    }
                    throw failed;
                }
            }
        };
    }

    /**
     * The combined statement: the changes (of distinct pets, in pet order, none with a condition on its entry's
     * version) made by the rule in SQL, recorded, in one transaction that locks the ledger's head; the entries as they
     * were before, by pet.
     */
    Map<Long, InventoryEntry> changeTogether(Connection connection, List<EntryChange> changes) throws SQLException {
        Map<Long, InventoryEntry> before = statements.lockRecordAndChange(connection, changes);
        statements.afterWrite(connection);
        return before;
    }

    /**
     * The transaction of the class comment: when every change is accepted, those that change a count are recorded and
     * made as sets of the counts decided (so the statements make exactly what was decided); a refusal writes nothing. A
     * claim's outcome is kept in the same transaction; a claim taken over meanwhile keeps and changes nothing, and the
     * key is in flight. A deadlock or serialization failure is retried.
     */
    ChangeOutcome carryOut(List<EntryChange> changes, Optional<JdbcIdempotencyClaims.Claimed> claim) {
        return calls.call(connection -> DatabaseCalls.retryingConflicts(connection, retried -> {
            ChangeOutcome outcome = DatabaseCalls.inTransaction(retried,
                    transaction -> decideAndChange(transaction, changes, claim));
            if (outcome instanceof ChangeOutcome.Applied) {
                statements.afterWrite(retried);
            }
            return outcome;
        }));
    }

    private ChangeOutcome decideAndChange(Connection transaction, List<EntryChange> changes,
            Optional<JdbcIdempotencyClaims.Claimed> claim) throws SQLException {
        StockLedgerHead.lock(transaction);
        Map<Long, InventoryEntry> entries = InventoryStatements.entriesOf(transaction, changes);
        List<ChangeDecision> decisions = EntryChange.decideAll(changes,
                petId -> Optional.ofNullable(entries.get(petId.value())));
        ChangeOutcome outcome = ChangeOutcome.of(decisions);
        List<EntryChange> made = new ArrayList<>();
        for (int i = 0; i < decisions.size() && outcome instanceof ChangeOutcome.Applied; i++) {
            if (decisions.get(i) instanceof ChangeDecision.Changed(InventoryEntry _, InventoryEntry after)) {
                made.add(new EntryChange(after.petId(), new StockMovement.SetTo(after.quantity()),
                        changes.get(i).origin()));
            }
        }
        if (!made.isEmpty()) {
            made.sort(Comparator.comparingLong(change -> change.petId().value())); // one lock order
            statements.recordAndChange(transaction, made);
        }
        if (claim.isPresent() && !claims.keep(transaction, claim.get(), outcome)) {
            transaction.rollback(); // the claim was taken over: keep nothing, change nothing
            return new ChangeOutcome.KeyInFlight();
        }
        return outcome;
    }
}
