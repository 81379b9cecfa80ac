package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.petstore.inventory.adapter.persistence.StockLedgerHead;
import org.petstore.inventory.application.port.outbound.StagingProblem;
import org.petstore.inventory.application.port.outbound.StoreChanges;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.LedgerRange;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StoreSize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link StoreLoad} in one transaction of one connection: rows staged in the backend's staging tables (see
 * {@link TransferStatements}), checked and counted with set-based queries, applied with a fixed sequence of set-based
 * statements whose order keeps every foreign key satisfied at every step. Nothing is visible to others before
 * {@link #commit()}; closing without it rolls everything back.
 */
final class JdbcStoreLoad implements StoreLoad {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcStoreLoad.class);

    private static final int CHANGE_COPIES_PER_BATCH = 1000;

    /** Problems of the pets file come before those of the orders file; each in line order. */
    private static final Comparator<StagingProblem> FILE_ORDER = Comparator
            .comparingInt(JdbcStoreLoad::fileOf).thenComparingLong(JdbcStoreLoad::lineOf);

    private final Connection connection;
    private final TransferStatements statements;
    private final boolean withOrders;
    private final boolean recordChanges;
    private final TransferFailures failures;
    private final JdbcStoreSnapshot.Ending release;
    private final ConnectionState saved;
    private StagingWriter writer;
    private PreparedStatement changeCopies;
    private int changeCopiesPending;
    private boolean committed;
    private boolean closed;

    private JdbcStoreLoad(Connection connection, TransferStatements statements, boolean withOrders,
            boolean recordChanges, TransferFailures failures, JdbcStoreSnapshot.Ending release,
            ConnectionState saved) {
        this.connection = connection;
        this.statements = statements;
        this.withOrders = withOrders;
        this.recordChanges = recordChanges;
        this.failures = failures;
        this.release = release;
        this.saved = saved;
    }

    /**
     * Begins a load on the connection: a transaction, and empty staging tables. Closing the load ends the
     * transaction, removes the staging tables, restores the connection's settings and then {@code release}s it. With
     * {@code recordChanges} (an import), {@link #apply} records every entry whose count it changes or that it creates
     * in the stock ledger, source {@code import}.
     */
    static JdbcStoreLoad begin(Connection connection, TransferStatements statements, boolean withOrders,
            boolean recordChanges, TransferFailures failures, JdbcStoreSnapshot.Ending release) {
        JdbcStoreLoad load = null;
        try {
            ConnectionState saved = ConnectionState.of(connection);
            load = new JdbcStoreLoad(connection, statements, withOrders, recordChanges, failures, release, saved);
            connection.setAutoCommit(false);
            statements.createStaging(connection, withOrders);
            load.writer = statements.stagingWriter(connection);
            return load;
        } catch (SQLException | RuntimeException e) {
            if (load != null) {
                load.close();
            } else {
                endQuietly(release, connection);
            }
            throw failures.translate(e);
        }
    }

    @Override
    public StoreSize size() {
        return JdbcStoreSnapshot.size(connection, failures);
    }

    @Override
    public void stagePet(long line, CatalogueEntry entry) {
        try {
            staging().pet(line, entry);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public void stageOrder(long line, Order order) {
        if (!withOrders) {
            throw new IllegalStateException("this load was begun without orders");
        }
        try {
            staging().order(line, order);
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public List<StagingProblem> problems(boolean replace, int limit) {
        endStaging();
        List<StagingProblem> problems = new ArrayList<>();
        query(TransferStatements.selectDuplicates(TransferStatements.STAGED_PET), limit, row -> problems.add(
                new StagingProblem.DuplicatePet(row.getLong(1), PetId.of(row.getLong(2)), row.getLong(3))));
        if (withOrders) {
            query(TransferStatements.selectDuplicates(TransferStatements.STAGED_ORDER), limit, row -> problems.add(
                    new StagingProblem.DuplicateOrder(row.getLong(1), OrderId.of(row.getLong(2)), row.getLong(3))));
            query(TransferStatements.selectOrdersOfMissingPets(replace), limit, row -> problems.add(
                    new StagingProblem.OrderOfMissingPet(row.getLong(1), OrderId.of(row.getLong(2)),
                            PetId.of(row.getLong(3)))));
        } else if (replace) {
            query(TransferStatements.SELECT_ORDERS_OF_DELETED_PETS, limit, row -> problems.add(
                    new StagingProblem.OrderOfDeletedPet(OrderId.of(row.getLong(1)), PetId.of(row.getLong(2)))));
        }
        return problems.stream().sorted(FILE_ORDER).limit(limit).toList();
    }

    @Override
    public long problemCount(boolean replace) {
        endStaging();
        long count = count(TransferStatements.countDuplicates(TransferStatements.STAGED_PET));
        if (withOrders) {
            count += count(TransferStatements.countDuplicates(TransferStatements.STAGED_ORDER));
            count += count(TransferStatements.countOrdersOfMissingPets(replace));
        } else if (replace) {
            count += count(TransferStatements.COUNT_ORDERS_OF_DELETED_PETS);
        }
        return count;
    }

    @Override
    public StoreChanges changes(boolean replace) {
        endStaging();
        long[] pets = counts(TransferStatements.COUNT_PET_CHANGES, 4);
        long petsDeleted = replace ? count(TransferStatements.COUNT_PETS_NOT_STAGED) : 0;
        long[] orders = withOrders ? counts(TransferStatements.COUNT_ORDER_CHANGES, 3) : new long[3];
        long ordersDeleted = withOrders && replace ? count(TransferStatements.COUNT_ORDERS_NOT_STAGED) : 0;
        return new StoreChanges(pets[1], pets[2], pets[0] - pets[1] - pets[2], petsDeleted, pets[3],
                orders[1], orders[2], orders[0] - orders[1] - orders[2], ordersDeleted);
    }

    /**
     * The order matters: an order needs its pet and an entry its pet at every step, and the entries are updated
     * while the pets still have their old status (a status change is a new version of the entry). A load that
     * records its changes takes the stock ledger's head first, before any entry, as every recording transaction does
     * (see {@code StockLedgerHead}), and holds it until it ends: updates through the API wait meanwhile.
     */
    @Override
    public void apply(boolean replace) {
        endStaging();
        try {
            long lastChangeId = recordChanges ? StockLedgerHead.lock(connection) : 0;
            if (replace && withOrders) {
                execute(TransferStatements.DELETE_ORDERS_NOT_STAGED);
            }
            execute(replace ? TransferStatements.DELETE_ENTRIES_NOT_STAGED_WITH_STOCK
                            : TransferStatements.DELETE_ENTRIES_STAGED_WITHOUT_STOCK);
            lastChangeId = record(TransferStatements.RECORD_CHANGED_ENTRIES, lastChangeId);
            execute(statements.updateChangedEntries(), statements.updateChangedPets(),
                    TransferStatements.INSERT_NEW_PETS);
            if (withOrders) {
                execute(statements.updateChangedOrders(), TransferStatements.INSERT_NEW_ORDERS);
            }
            if (replace) {
                execute(TransferStatements.DELETE_PETS_NOT_STAGED);
            }
            lastChangeId = record(TransferStatements.RECORD_NEW_ENTRIES, lastChangeId);
            execute(TransferStatements.INSERT_NEW_ENTRIES);
            if (recordChanges) {
                StockLedgerHead.move(connection, lastChangeId);
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    /** Runs one of the ledger's record statements when this load records; the last change id after it. */
    private long record(String sql, long lastChangeId) throws SQLException {
        if (!recordChanges) {
            return lastChangeId;
        }
        try (PreparedStatement record = connection.prepareStatement(sql)) {
            record.setLong(1, lastChangeId);
            return lastChangeId + record.executeUpdate();
        }
    }

    @Override
    public void clear() {
        execute(TransferStatements.DELETE_EVERYTHING);
    }

    @Override
    public LedgerRange ledgerRange() {
        endChangeCopies();
        return JdbcStoreSnapshot.ledgerRange(connection, failures);
    }

    /** Written in batches of {@link #CHANGE_COPIES_PER_BATCH}, the rest before anything else reads or writes. */
    @Override
    public void copyChange(StockChange change) {
        try {
            if (changeCopies == null) {
                changeCopies = connection.prepareStatement(TransferStatements.COPY_CHANGE);
            }
            changeCopies.setLong(1, change.changeId());
            changeCopies.setLong(2, change.petId().value());
            changeCopies.setObject(3, change.from() == null ? null : change.from().value(), Types.INTEGER);
            changeCopies.setInt(4, change.to().value());
            changeCopies.setLong(5, change.version().value());
            changeCopies.setObject(6, OffsetDateTime.ofInstant(change.at(), ZoneOffset.UTC));
            ChangeOrigin origin = change.origin();
            changeCopies.setString(7, origin.source().wireName());
            changeCopies.setString(8, origin.keyId());
            changeCopies.setString(9, origin.requestId());
            changeCopies.setString(10, origin.reasonWireName());
            changeCopies.addBatch();
            if (++changeCopiesPending == CHANGE_COPIES_PER_BATCH) {
                changeCopies.executeBatch();
                changeCopiesPending = 0;
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public void copyLedgerRange(LedgerRange range) {
        endChangeCopies();
        try (PreparedStatement head = connection.prepareStatement(TransferStatements.SET_LEDGER_HEAD);
             PreparedStatement retention = connection.prepareStatement(
                     TransferStatements.SET_LEDGER_REMOVED_THROUGH)) {
            head.setLong(1, range.newestChangeId());
            retention.setLong(1, range.removedThrough());
            if (head.executeUpdate() != 1 || retention.executeUpdate() != 1) {
                throw new IllegalStateException("the stock ledger lacks its head or retention row: it was not made "
                        + "by this program's migrations");
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    /** Writes the changes copied but not written yet, and ends copying them. */
    private void endChangeCopies() {
        if (changeCopies == null) {
            return;
        }
        try (PreparedStatement copies = changeCopies) {
            changeCopies = null;
            if (changeCopiesPending > 0) {
                changeCopiesPending = 0;
                copies.executeBatch();
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public StoreSnapshot readBack() {
        endStaging();
        endChangeCopies();
        return JdbcStoreSnapshot.within(connection, statements, failures);
    }

    @Override
    public void commit() {
        endStaging();
        endChangeCopies();
        try {
            connection.commit();
            committed = true;
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (writer != null) {
            writer.abandon();
            writer = null;
        }
        if (changeCopies != null) {
            try {
                changeCopies.close();
            } catch (SQLException e) {
                LOG.debug("Ending a load's copy of a ledger: {}", e.toString());
            }
            changeCopies = null;
        }
        try {
            if (!committed) {
                connection.rollback();
            }
            statements.dropStaging(connection);
            saved.restore(connection);
        } catch (SQLException | RuntimeException e) {
            // the transaction is not committed: a connection that broke takes it with it
            LOG.debug("Ending a load: {}", e.toString());
        } finally {
            endQuietly(release, connection);
        }
    }

    private StagingWriter staging() {
        if (writer == null) {
            throw new IllegalStateException("the rows were already checked: stage every row first");
        }
        return writer;
    }

    /** Writes what the staging writer still holds and prepares the staging tables for the checks. Once. */
    private void endStaging() {
        if (writer == null) {
            return;
        }
        StagingWriter finishing = writer;
        writer = null;
        try {
            finishing.finish();
            statements.staged(connection, withOrders);
        } catch (SQLException e) {
            finishing.abandon();
            throw failures.translate(e);
        }
    }

    @FunctionalInterface
    private interface RowReader {

        void read(ResultSet row) throws SQLException;
    }

    private void query(String sql, int limit, RowReader reader) {
        try (PreparedStatement select = connection.prepareStatement(sql)) {
            select.setInt(1, limit);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    reader.read(rows);
                }
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    private long count(String sql) {
        return counts(sql, 1)[0];
    }

    private long[] counts(String sql, int columns) {
        try (PreparedStatement select = connection.prepareStatement(sql);
             ResultSet row = select.executeQuery()) {
            row.next();
            long[] counts = new long[columns];
            for (int i = 0; i < columns; i++) {
                counts[i] = row.getLong(i + 1);
            }
            return counts;
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    /**
     * Runs the statements in order; each one that deleted inventory entries is followed at once by the count of
     * removed entries ({@link TransferStatements#COUNT_REMOVED_ENTRIES}), in the same transaction.
     */
    private void execute(String... sequence) {
        try (Statement statement = connection.createStatement()) {
            for (String sql : sequence) {
                int changed = statement.executeUpdate(sql);
                if (changed > 0 && TransferStatements.DELETES_OF_ENTRIES.contains(sql)) {
                    countRemovedEntries(changed);
                }
            }
        } catch (SQLException e) {
            throw failures.translate(e);
        }
    }

    private void countRemovedEntries(int removed) throws SQLException {
        try (PreparedStatement count = connection.prepareStatement(TransferStatements.COUNT_REMOVED_ENTRIES)) {
            count.setLong(1, removed);
            if (count.executeUpdate() != 1) {
                throw new IllegalStateException("the store has no row in inventory_removals: it was not made by "
                        + "this program's migrations");
            }
        }
    }



    private static void endQuietly(JdbcStoreSnapshot.Ending release, Connection connection) {
        try {
            release.end(connection);
        } catch (SQLException | RuntimeException e) {
            LOG.debug("Releasing a load's connection: {}", e.toString());
        }
    }

    private static int fileOf(StagingProblem problem) {
        return switch (problem) {
            case StagingProblem.DuplicatePet _, StagingProblem.OrderOfDeletedPet _ -> 0;
            case StagingProblem.DuplicateOrder _, StagingProblem.OrderOfMissingPet _ -> 1;
        };
    }

    private static long lineOf(StagingProblem problem) {
        return switch (problem) {
            case StagingProblem.DuplicatePet p -> p.line();
            case StagingProblem.OrderOfDeletedPet _ -> 0;
            case StagingProblem.DuplicateOrder o -> o.line();
            case StagingProblem.OrderOfMissingPet o -> o.line();
        };
    }
}
