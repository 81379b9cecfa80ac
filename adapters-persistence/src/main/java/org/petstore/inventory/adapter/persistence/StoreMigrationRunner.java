package org.petstore.inventory.adapter.persistence;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import com.zaxxer.hikari.util.DriverDataSource;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.naming.NameResolver;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Prepares the inventory database as its datasource ({@code datasources.default}) is created, before anything else
 * can use it: the schema migrations ({@link StoreMigrations}: nothing to do at most starts, else Flyway), then the
 * demo data ({@link DemoData}: into an empty store only, when it is on), then the startup report
 * ({@link DatabaseStartupReport}). A failure of any of them fails the start. {@link StoreOpening} says on which thread.
 */
@Singleton
final class StoreMigrationRunner implements BeanCreatedEventListener<DataSource> {

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
            // the pool's first connection, made here: it fails at once when the database cannot be reached; held
            // until the pool has its own (an embedded database closes with its last connection)
            try (Connection first = connect(pool)) {
                prepare(store);
            } catch (SQLException e) {
                throw new HikariPool.PoolInitializationException(e);
            }
            opening.restoreMinimumIdle(pool);
        } else {
            prepare(store);
        }
    }

    private void prepare(DataSource store) {
        StoreMigrations.migrate(store, database.url());
        demoData.loadIfEnabled(store);
        report.report(store);
    }

    private static Connection connect(HikariDataSource pool) throws SQLException {
        return new DriverDataSource(pool.getJdbcUrl(), pool.getDriverClassName(), pool.getDataSourceProperties(),
                pool.getUsername(), pool.getPassword()).getConnection();
    }
}
