package org.petstore.inventory.adapter.persistence;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.naming.NameResolver;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares the inventory database as its datasource ({@code datasources.default}) is created, before anything else
 * can use it: the schema migrations ({@link StoreMigrations}: nothing to do at most starts, else Flyway), then the
 * demo data ({@link DemoData}: into an empty store only, when it is on), then the startup report
 * ({@link DatabaseStartupReport}). A failure of any of them fails the start. {@link StoreOpening} says on which thread.
 */
@Singleton
final class StoreMigrationRunner implements BeanCreatedEventListener<DataSource> {

    private static final Logger LOG = LoggerFactory.getLogger(StoreMigrationRunner.class);

    static final String STORE = "default";

    private final DatabaseConfiguration database;
    private final DemoData demoData;
    private final DatabaseStartupReport report;
    private final StoreOpening opening;

    StoreMigrationRunner(DatabaseConfiguration database, DemoData demoData, DatabaseStartupReport report,
            StoreOpening opening) {
        this.database = database;
        this.demoData = demoData;
        this.report = report;
        this.opening = opening;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        DataSource dataSource = event.getBean();
        if (event.getBeanDefinition() instanceof NameResolver named
                && STORE.equals(named.resolveName().orElse(null))) {
            DataSource store = DelegatingDataSource.unwrapDataSource(dataSource);
            opening.open(() -> open(store));
        }
        return dataSource;
    }

    private void open(DataSource store) {
        if (opening.inBackground() && store instanceof HikariDataSource pool) {
            openOverOwnConnection(pool);
        } else {
            StoreMigrations.migrate(store, database.url());
            demoData.loadIfEnabled(store);
            report.report(store);
        }
    }

    /**
     * The store opened over a connection of its own, made directly with the pool's settings: it fails at once when
     * the database cannot be reached or refuses the credentials, and the store is ready without waiting for the
     * pool. Then that connection becomes the pool's first ({@link StoreOpening#handOver}): the start authenticates
     * once (on PostgreSQL a SCRAM authentication, on code the JIT has not compiled yet), and an embedded database in
     * memory, which closes with its last connection, stays open.
     */
    private void openOverOwnConnection(HikariDataSource pool) {
        Connection first;
        try {
            first = opening.firstConnection(pool);
        } catch (SQLException e) {
            throw new HikariPool.PoolInitializationException(e);
        }
        try {
            StoreMigrations.migrate(first, pool, database.url());
            demoData.loadIfEnabled(first);
            report.report(first);
        } catch (RuntimeException | Error e) {
            closeQuietly(first);
            throw e;
        }
        try {
            opening.handOver(first);
        } catch (SQLException e) {
            LOG.debug("Closing the store's first connection failed: {}", e.getMessage());
        }
        opening.restoreMinimumIdle(pool);
        opening.ready();
        try (Connection pooled = pool.getConnection()) {
            LOG.debug("The pool's first connection is open ({})", pooled);
        } catch (SQLException e) {
            if (!pool.isClosed()) {
                LOG.warn("The connection pool could not open its first connection: {}; requests open one as they"
                        + " need it", e.getMessage());
            }
        } finally {
            opening.closeUnclaimed();
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("Closing the store's first connection failed: {}", e.getMessage());
        }
    }
}
