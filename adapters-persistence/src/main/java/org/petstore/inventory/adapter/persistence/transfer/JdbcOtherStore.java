package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.MigrationState;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.petstore.inventory.application.port.outbound.IncompatibleStoreException;
import org.petstore.inventory.application.port.outbound.OtherStore;
import org.petstore.inventory.application.port.outbound.StoreLoad;

/**
 * Another database, connected: its schema migrated with the service's own Flyway migrations ({@code db/migration}
 * and its backend's own, never the demo data), loads in transactions of its one connection.
 */
final class JdbcOtherStore implements OtherStore {

    private final Connection connection;
    private final String url;
    private final String user;
    private final String password;
    private final TransferStatements statements;
    private final TransferFailures failures;
    private final String named;

    JdbcOtherStore(Connection connection, String url, String user, String password, TransferStatements statements,
            TransferFailures failures, String named) {
        this.connection = connection;
        this.url = url;
        this.user = user;
        this.password = password;
        this.statements = statements;
        this.failures = failures;
        this.named = named;
    }

    @Override
    public String identity() {
        return JdbcStoreSnapshot.identity(connection, statements, failures);
    }

    /**
     * Refuses a schema that a newer version of the program made (Flyway would only warn about migrations it does not
     * know), then migrates.
     */
    @Override
    public String migrate() {
        Flyway flyway = Flyway.configure(JdbcOtherStore.class.getClassLoader())
                .dataSource(url, user, password)
                .locations(DatabaseBackend.migrationLocations(url).toArray(String[]::new))
                .outputQueryResults(false)
                .load();
        try {
            MigrationInfoService info = flyway.info();
            MigrationInfo[] unknown = Arrays.stream(info.applied())
                    .filter(JdbcOtherStore::isUnknown)
                    .toArray(MigrationInfo[]::new);
            if (unknown.length > 0) {
                throw new IncompatibleStoreException(named + " has schema version "
                        + unknown[unknown.length - 1].getVersion() + ", newer than the version this program knows ("
                        + latestKnown(info) + "): use the petstore-inventory release that made it, or a newer one");
            }
            flyway.migrate();
            MigrationInfo current = flyway.info().current();
            return "schema version " + (current == null ? "none" : current.getVersion());
        } catch (FlywayException e) {
            if (DatabaseFailure.innermostSqlFailure(e).isPresent()) {
                throw failures.translate(e);
            }
            throw new IncompatibleStoreException(named + " cannot be brought to this program's schema: "
                    + DatabaseFailure.firstLine(e.getMessage()), e);
        }
    }

    /** The newest version among the migrations this program has. */
    private static String latestKnown(MigrationInfoService info) {
        return Arrays.stream(info.all())
                .filter(migration -> migration.getVersion() != null && !isUnknown(migration))
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder())
                .map(Object::toString)
                .orElse("none");
    }

    /** Applied by a newer version of the program: this one does not have the migration. */
    private static boolean isUnknown(MigrationInfo migration) {
        return migration.getState() == MigrationState.FUTURE_SUCCESS
                || migration.getState() == MigrationState.FUTURE_FAILED;
    }

    @Override
    public StoreLoad beginLoad(boolean withOrders) {
        return JdbcStoreLoad.begin(connection, statements, withOrders, false, failures, unused -> { });
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // nothing was left uncommitted that a close could lose
        }
    }
}
