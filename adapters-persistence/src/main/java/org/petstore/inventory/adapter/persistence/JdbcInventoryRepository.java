package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;

/**
 * The {@link InventoryRepository} port on a relational database: hand-written JDBC for the hot statements, columns
 * read by position.
 *
 * <p>Connections come straight from the pool that Micronaut configured ({@code datasources.default}), unwrapped from
 * Micronaut Data's contextual proxy with {@link DelegatingDataSource#unwrapDataSource}. Micronaut's connection and
 * transaction operations bind a connection to a callback; a streamed list keeps its connection after this class
 * returns, until the caller closes the stream, so it needs a connection it owns. Taking the point statements from the
 * pool the same way keeps one path: the reads run in autocommit, one statement each; a change runs in one transaction
 * with its record in the stock ledger ({@link JdbcStockLedger}), shared with the unconditional changes that arrive
 * meanwhile ({@link UpdateCombiner}) or, conditional, batched or keyed, its own ({@link #changeAll}). The pets and orders stay on Micronaut
 * Data ({@link StoreRows}).
 *
 * <p>What differs per database (the changes' SQL, how a list streams from a cursor) is in the backend's
 * {@link InventoryStatements}.
 */
@Singleton
final class JdbcInventoryRepository implements InventoryRepository {

    /** Lists of up to this many entries are read whole, by one statement. */
    static final int READ_WHOLE_UP_TO = 256;
    static final String SELECT_ALL_IF_SHORT = InventoryStatements.SELECT_ALL_WITH_REMOVALS + "\nLIMIT "
            + (READ_WHOLE_UP_TO + 1);

    private final DataSource pool;
    private final InventoryStatements statements;
    private final DatabaseDeadlines deadlines;
    private final UpdateCombiner combinedUpdates;

    JdbcInventoryRepository(DataSource dataSource, InventoryStatements statements, DatabaseDeadlines deadlines) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.statements = statements;
        this.deadlines = deadlines;
        this.combinedUpdates = new UpdateCombiner(new UpdateCombiner.Store() {
            @Override
            public Connection connection() throws SQLException {
                return autocommitConnection(null); // the combiner bounds it by its updates' deadlines
            }

            @Override
            public Map<Long, InventoryEntry> change(Connection connection, long[] petIds, Integer[] quantities,
                    Long[] deltas, ChangeOrigin[] origins) throws SQLException {
                return recordedChanges(connection, petIds, quantities, deltas, origins);
            }
        }, deadlines);
    }

    /**
     * The rows and the version of exactly those rows, read in one snapshot. A list of up to {@link #READ_WHOLE_UP_TO}
     * entries is read whole by one statement in autocommit, and its version counted from its rows, with the removal
     * count that every row of that statement carries: one statement is one consistent read on every database, and the
     * cheapest (an empty list needs no removal count: every empty inventory has the same version). A longer one is
     * read from a cursor, with its version, as the backend's statements say. Either way the connection is held until
     * the stream ends or is closed.
     *
     * <p>One deadline covers both ({@link DatabaseDeadlines}): the short read, and the cursor opened with its first
     * rows read; each later batch of a cursor's rows gets a budget of its own.
     */
    @Override
    public InventorySnapshot streamAll() {
        DatabaseDeadlines.Deadline deadline = deadlines.start();
        RowCursor.Summarized<InventoryVersion, InventoryEntry> list;
        try {
            list = RowCursor.openWhole(autocommitConnection(deadline), SELECT_ALL_IF_SHORT, READ_WHOLE_UP_TO,
                    StoreMapper::inventoryItem, row -> row.getLong(5),
                    (entries, removals) -> InventoryVersion.of(entries, removals == null ? 0 : removals));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
        if (list == null) {
            Connection connection;
            try {
                connection = pool.getConnection();
            } catch (SQLException e) {
                throw StorageFailures.translate(e);
            }
            try {
                deadline.bound(connection);
            } catch (SQLException | RuntimeException e) {
                closeQuietly(connection);
                throw StorageFailures.translate(e);
            }
            list = RowCursor.open(connection, statements, statements.listVersion(), statements.selectAll(),
                    StoreMapper::inventoryItem);
            try {
                deadline.boundEachRead(connection);
            } catch (SQLException e) {
                // the cursor has already released the connection (all of its rows read at once)
            }
        }
        return StorageFailures.succeeded(new InventorySnapshot(list.summary(), list.rows()));
    }

    @Override
    public InventoryVersion currentVersion() {
        try (Connection connection = autocommitConnection();
             PreparedStatement select = connection.prepareStatement(statements.selectVersion());
             ResultSet row = select.executeQuery()) {
            row.next();
            return StorageFailures.succeeded(StoreMapper.inventoryVersion(row, 1));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    @Override
    public Optional<InventoryEntry> findByPetId(PetId petId) {
        try (Connection connection = autocommitConnection();
             PreparedStatement select = connection.prepareStatement(InventoryStatements.SELECT_ONE)) {
            select.setLong(1, petId.value());
            return StorageFailures.succeeded(theEntryIn(select));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /**
     * Concurrent unconditional changes share statements ({@link UpdateCombiner}); a lone one is a statement of one
     * entry, in autocommit. A conditional one is a transaction of its own ({@link #changeAll}).
     */
    @Override
    public StockUpdate change(EntryChange change) {
        if (change.expected() instanceof ExpectedVersions.Any) {
            return combinedUpdates.change(change);
        }
        return switch (changeAll(List.of(change), Optional.empty())) {
            case ChangesOutcome.Applied applied -> new StockUpdate.Updated(applied.entries().getFirst());
            case ChangesOutcome.Refused refused -> refused.refusal();
        };
    }

    /**
     * The changes of {@code petIds[i]} (the count {@code quantities[i]} or the delta {@code deltas[i]}, by
     * {@code origins[i]}), in one transaction that records them in the stock ledger, each made as far as
     * {@link UpdateCombiner#outcome} allows it, by the statements of {@link JdbcStockLedger#recording}. A
     * backend that can take them in one message as one transaction ({@link InventoryStatements#sendsTogether}) gets
     * them so, in autocommit: one round trip, the commit included. The entries as they were before, by pet.
     */
    private Map<Long, InventoryEntry> recordedChanges(Connection connection, long[] petIds, Integer[] quantities,
            Long[] deltas, ChangeOrigin[] origins) throws SQLException {
        Map<Long, InventoryEntry> before = new HashMap<>();
        List<JdbcStockLedger.Step> steps = new ArrayList<>(List.of(JdbcStockLedger.LOCK_HEAD));
        Optional<String> inOneStatement = statements.readRecordAndChange();
        if (inOneStatement.isPresent()) {
            steps.add(new JdbcStockLedger.Step(inOneStatement.get(),
                    JdbcStockLedger.changes(petIds, quantities, deltas, origins), entriesInto(before)));
        } else {
            steps.add(readEntries(petIds, before));
            steps.addAll(JdbcStockLedger.recording(petIds, quantities, deltas, origins));
            steps.add(changeQuantities(petIds, quantities, deltas));
        }
        if (statements.sendsTogether()) {
            JdbcStockLedger.run(connection, steps, true); // in autocommit: the message is one transaction
        } else {
            inTransaction(connection, () -> JdbcStockLedger.run(connection, steps, false));
        }
        statements.afterWrite(connection);
        return before;
    }

    /** The step that reads the pets' entries as they are into {@code entries}, by pet. */
    private static JdbcStockLedger.Step readEntries(long[] petIds, Map<Long, InventoryEntry> entries) {
        return new JdbcStockLedger.Step(InventoryStatements.SELECT_ENTRIES,
                (select, first) -> {
                    select.setArray(first, SqlArrays.bigints(select, petIds));
                    return first + 1;
                },
                entriesInto(entries));
    }

    /** Reads rows of entries (the columns of {@code SELECT_ALL}) into {@code entries}, by pet. */
    private static JdbcStockLedger.Rows entriesInto(Map<Long, InventoryEntry> entries) {
        return rows -> {
            while (rows.next()) {
                InventoryEntry entry = StoreMapper.inventoryItem(rows);
                entries.put(entry.petId().value(), entry);
            }
        };
    }

    private JdbcStockLedger.Step changeQuantities(long[] petIds, Integer[] quantities, Long[] deltas) {
        return new JdbcStockLedger.Step(statements.changeQuantities(), (update, first) -> {
            update.setArray(first, SqlArrays.bigints(update, petIds));
            update.setArray(first + 1, SqlArrays.integers(update, quantities));
            update.setArray(first + 2, SqlArrays.bigints(update, deltas));
            return first + 3;
        });
    }

    /**
     * Work of several statements as one transaction: committed when it returns, rolled back when it throws, the
     * connection in autocommit again either way. A failure is thrown as it happened: a connection that broke cannot
     * roll back either, and that must not hide why.
     */
    private static void inTransaction(Connection connection, TransactionWork work) throws SQLException {
        connection.setAutoCommit(false);
        try {
            work.run();
            connection.commit();
        } catch (SQLException | RuntimeException | Error e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException rollbackFailure) {
                e.addSuppressed(rollbackFailure);
            }
            throw e;
        }
        connection.setAutoCommit(true);
    }

    private interface TransactionWork {
        void run() throws SQLException;
    }

    /**
     * One transaction: it locks the ledger's head (so no other writer changes an entry until it ends) and reads the
     * entries; the changes are decided on them, one after the other ({@link UpdateCombiner#outcome}); when all are
     * accepted, the ones that change a count are recorded and made by the statements of
     * {@link JdbcStockLedger#recording}, as sets of the counts decided (so the statements make exactly what was
     * decided); when one is refused, nothing is written. A claim's outcome is kept in the same transaction
     * ({@link JdbcIdempotencyClaims#keep}). A deadlock or serialization failure is retried, as the combined changes'.
     */
    @Override
    public ChangesOutcome changeAll(List<EntryChange> changes, Optional<IdempotencyClaims.Claimed> claim) {
        long[] petIds = changes.stream().mapToLong(change -> change.petId().value()).toArray();
        try (Connection connection = autocommitConnection()) {
            for (int attempt = 1; ; attempt++) {
                try {
                    ChangesOutcome[] outcome = new ChangesOutcome[1];
                    inTransaction(connection, () -> outcome[0] = decideAndChange(connection, changes, petIds, claim));
                    if (outcome[0] instanceof ChangesOutcome.Applied) {
                        statements.afterWrite(connection);
                    }
                    return StorageFailures.succeeded(outcome[0]);
                } catch (SQLException e) {
                    if (attempt == UpdateCombiner.ATTEMPTS || DatabaseFailure.of(e) != DatabaseFailure.CONFLICT) {
                        throw e;
                    }
                }
            }
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    private ChangesOutcome decideAndChange(Connection connection, List<EntryChange> changes, long[] petIds,
            Optional<IdempotencyClaims.Claimed> claim) throws SQLException {
        Map<Long, InventoryEntry> before = new HashMap<>();
        JdbcStockLedger.run(connection, List.of(JdbcStockLedger.LOCK_HEAD, readEntries(petIds, before)), false);
        List<InventoryEntry> entries = new ArrayList<>(changes.size());
        TreeMap<Long, InventoryEntry> changed = new TreeMap<>(); // by pet: the statements take them in pet order
        Map<Long, ChangeOrigin> origins = new HashMap<>();
        ChangesOutcome outcome = null;
        for (int i = 0; i < changes.size() && outcome == null; i++) {
            EntryChange change = changes.get(i);
            InventoryEntry current = before.get(petIds[i]);
            StockUpdate update = UpdateCombiner.outcome(change, current);
            if (update instanceof StockUpdate.Updated updated) {
                entries.add(updated.entry());
                if (updated.entry() != current) {
                    changed.put(petIds[i], updated.entry());
                    origins.put(petIds[i], change.origin());
                }
            } else {
                outcome = new ChangesOutcome.Refused(i, update);
            }
        }
        if (outcome == null) {
            outcome = new ChangesOutcome.Applied(entries);
            if (!changed.isEmpty()) {
                long[] changedPets = changed.keySet().stream().mapToLong(Long::longValue).toArray();
                Integer[] quantities = changed.values().stream().map(entry -> entry.quantity().value())
                        .toArray(Integer[]::new);
                Long[] noDeltas = new Long[changedPets.length];
                ChangeOrigin[] changeOrigins = changed.keySet().stream().map(origins::get)
                        .toArray(ChangeOrigin[]::new);
                List<JdbcStockLedger.Step> steps = new ArrayList<>(JdbcStockLedger.recording(changedPets, quantities,
                        noDeltas, changeOrigins));
                steps.add(changeQuantities(changedPets, quantities, noDeltas));
                JdbcStockLedger.run(connection, steps, false);
            }
        }
        if (claim.isPresent()) {
            JdbcIdempotencyClaims.keep(connection, claim.get(), outcome);
        }
        return outcome;
    }

    private static Optional<InventoryEntry> theEntryIn(PreparedStatement statement) throws SQLException {
        try (ResultSet row = statement.executeQuery()) {
            return row.next() ? Optional.of(StoreMapper.inventoryItem(row)) : Optional.empty();
        }
    }

    /**
     * A pooled connection in autocommit mode (the pool's default), so each statement commits by itself, whose reads
     * are bounded by the call's deadline ({@link DatabaseDeadlines}).
     */
    private Connection autocommitConnection() throws SQLException {
        return autocommitConnection(deadlines.start());
    }

    /** As {@link #autocommitConnection()}, bounded by this deadline; unbounded when it is null. */
    private Connection autocommitConnection(DatabaseDeadlines.@Nullable Deadline deadline) throws SQLException {
        Connection connection = pool.getConnection();
        try {
            if (deadline != null) {
                deadline.bound(connection);
            }
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // a connection that cannot even be closed is discarded by the pool
        }
    }
}
