package org.petstore.inventory.adapter.persistence.transfer;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.petstore.inventory.application.port.outbound.StoreLoad;
import org.petstore.inventory.application.port.outbound.StoreLoads;
import org.petstore.inventory.application.port.outbound.StoreSnapshot;
import org.petstore.inventory.application.port.outbound.StoreSnapshots;

/**
 * The {@link StoreSnapshots} and {@link StoreLoads} ports on the configured database: each snapshot and each load
 * takes a connection of its own from the pool (unwrapped from Micronaut Data's contextual proxy, as in
 * {@link JdbcInventoryRepository}: it outlives any callback) and gives it back when closed. A failure names the
 * database and its reason ({@link TransferFailures}), for the operator who runs the data commands.
 */
@Singleton
final class JdbcStoreTransfers implements StoreSnapshots, StoreLoads {

    /** How messages call the database. */
    static final String INVENTORY = "the inventory database";

    private final DataSource pool;
    private final DatabaseConfiguration database;

    JdbcStoreTransfers(DataSource dataSource, DatabaseConfiguration database) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.database = database;
    }

    @Override
    public StoreSnapshot openSnapshot() {
        return JdbcStoreSnapshot.begin(connection(), statements(), failures(), Connection::close);
    }

    @Override
    public StoreLoad beginLoad(boolean withOrders) {
        return JdbcStoreLoad.begin(connection(), statements(), withOrders, true, failures(), Connection::close);
    }

    private TransferStatements statements() {
        return TransferStatements.of(database.backend().orElseThrow(() -> new IllegalStateException(
                "the configured database " + database.redactedUrl() + " is not one the service supports")));
    }

    private TransferFailures failures() {
        return TransferFailures.of(INVENTORY, database.url());
    }

    private Connection connection() {
        try {
            return pool.getConnection();
        } catch (SQLException e) {
            throw failures().translate(e);
        }
    }
}
