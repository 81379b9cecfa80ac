package org.petstore.inventory.adapter.persistence;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.StockUpdate;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * The {@link InventoryRepository} port on a relational database: hand-written JDBC for the hot statements, columns
 * read by position.
 *
 * <p>Connections come straight from the pool that Micronaut configured ({@code datasources.default}), unwrapped from
 * Micronaut Data's contextual proxy with {@link DelegatingDataSource#unwrapDataSource}. Micronaut's connection and
 * transaction operations bind a connection to a callback; a streamed list keeps its connection after this class
 * returns, until the caller closes the stream, so it needs a connection it owns. Taking the point statements from the
 * pool the same way keeps one path: the reads run in autocommit, one statement each; a change runs in one transaction
 * of its own with its record in the stock ledger ({@link JdbcStockLedger}). The pets and orders stay on Micronaut
 * Data ({@link StoreRows}).
 *
 * <p>What differs per database (the update's SQL, how a list streams from a cursor) is in the backend's
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
        String sql = statements.updateQuantitiesReturningEntries();
        this.combinedUpdates = new UpdateCombiner(new UpdateCombiner.Store() {
            @Override
            public Connection connection() throws SQLException {
                return autocommitConnection(null); // the combiner bounds it by its updates' deadlines
            }

            @Override
            public List<InventoryItem> update(Connection connection, long[] petIds, int[] quantities,
                    ChangeOrigin[] origins) throws SQLException {
                return updateQuantities(connection, sql, petIds, quantities, origins);
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
        RowCursor.Summarized<InventoryVersion, InventoryItem> list;
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
    public Optional<InventoryItem> findByPetId(PetId petId) {
        try (Connection connection = autocommitConnection();
             PreparedStatement select = connection.prepareStatement(InventoryStatements.SELECT_ONE)) {
            select.setLong(1, petId.value());
            return StorageFailures.succeeded(theEntryIn(select));
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    /**
     * Concurrent updates share statements ({@link UpdateCombiner}); a lone one is a statement of one entry, in
     * autocommit.
     */
    @Override
    public Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity, ChangeOrigin origin) {
        return combinedUpdates.update(petId, quantity, origin);
    }

    /**
     * One transaction that sets {@code quantities[i]} on {@code petIds[i]} for every i, by one statement, and records
     * each change with {@code origins[i]} in the stock ledger; the connection is in autocommit before and after.
     */
    private List<InventoryItem> updateQuantities(Connection connection, String sql, long[] petIds, int[] quantities,
            ChangeOrigin[] origins) throws SQLException {
        return recordedUpdate(connection, petIds, quantities, origins, null,
                new JdbcStockLedger.Step(sql, (update, first) -> {
                    update.setArray(first, SqlArrays.bigints(update, petIds));
                    update.setArray(first + 1, SqlArrays.integers(update, quantities));
                    return first + 2;
                }));
    }

    /**
     * An update and its records in the stock ledger as one transaction, the statements of
     * {@link JdbcStockLedger#recordedUpdate}: lock the ledger's head, lock the entries, record them, move the head,
     * update them. A backend that can take them in one message as one transaction
     * ({@link InventoryStatements#sendsTogether}) gets them so, in autocommit: one round trip, the commit included.
     * The entries as stored, one per entry changed.
     */
    private List<InventoryItem> recordedUpdate(Connection connection, long[] petIds, int[] quantities,
            ChangeOrigin[] origins, long @Nullable [] expectedVersions, JdbcStockLedger.Step update)
            throws SQLException {
        List<JdbcStockLedger.Step> steps = JdbcStockLedger.recordedUpdate(petIds, quantities, origins,
                expectedVersions, update);
        List<InventoryItem> updated = new ArrayList<>(petIds.length);
        TransactionWork work = () -> {
            try (ResultSet rows = JdbcStockLedger.run(connection, steps, statements.sendsTogether())) {
                while (rows.next()) {
                    updated.add(StoreMapper.inventoryItem(rows));
                }
            }
        };
        if (statements.sendsTogether()) {
            work.run(); // in autocommit: the message is one transaction, committed as it ends
        } else {
            inTransaction(connection, work);
        }
        if (!updated.isEmpty()) {
            statements.afterWrite(connection);
        }
        return updated;
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
     * The compare-and-set is the update itself, with the expected versions in its condition, in one transaction with
     * its record in the stock ledger; only when it changed nothing does a second statement tell a missing entry from a
     * stale one.
     */
    @Override
    public StockUpdate updateQuantity(PetId petId, Quantity quantity, ExpectedVersions expected,
            ChangeOrigin origin) {
        return switch (expected) {
            case ExpectedVersions.Any _ -> updateQuantity(petId, quantity, origin)
                    .<StockUpdate>map(StockUpdate.Updated::new)
                    .orElseGet(StockUpdate.NotFound::new);
            case ExpectedVersions.OneOf oneOf -> compareAndSet(petId, quantity, oneOf.versions(), origin);
        };
    }

    private StockUpdate compareAndSet(PetId petId, Quantity quantity, Set<EntryVersion> versions,
            ChangeOrigin origin) {
        try (Connection connection = autocommitConnection()) {
            if (!versions.isEmpty()) {
                long[] expected = versions.stream().mapToLong(EntryVersion::value).sorted().toArray();
                List<InventoryItem> updated = recordedUpdate(connection, new long[] {petId.value()},
                        new int[] {quantity.value()}, new ChangeOrigin[] {origin}, expected,
                        new JdbcStockLedger.Step(statements.updateQuantityIfVersionReturningEntry(),
                                (update, first) -> {
                                    update.setInt(first, quantity.value());
                                    update.setLong(first + 1, petId.value());
                                    update.setArray(first + 2, SqlArrays.bigints(update, expected));
                                    return first + 3;
                                }));
                if (!updated.isEmpty()) {
                    return StorageFailures.succeeded(new StockUpdate.Updated(updated.getFirst()));
                }
            }
            try (PreparedStatement exists = connection.prepareStatement(InventoryStatements.SELECT_EXISTS)) {
                exists.setLong(1, petId.value());
                try (ResultSet row = exists.executeQuery()) {
                    StockUpdate refused = row.next() ? new StockUpdate.Stale() : new StockUpdate.NotFound();
                    return StorageFailures.succeeded(refused);
                }
            }
        } catch (SQLException e) {
            throw StorageFailures.translate(e);
        }
    }

    private static Optional<InventoryItem> theEntryIn(PreparedStatement statement) throws SQLException {
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
