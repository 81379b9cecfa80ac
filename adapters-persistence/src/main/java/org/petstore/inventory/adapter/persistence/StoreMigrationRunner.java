package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.naming.NameResolver;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;
import javax.sql.DataSource;

/**
 * Prepares the inventory database as its datasource ({@code datasources.default}) is created, before anything else
 * can use it: the schema migrations ({@link StoreMigrations}: nothing to do at most starts, else Flyway), then the
 * demo data ({@link DemoData}: into an empty store only, when it is on). A failure of either fails the datasource,
 * and so the start.
 */
@Singleton
final class StoreMigrationRunner implements BeanCreatedEventListener<DataSource> {

    private static final String STORE = "default";

    private final DatabaseConfiguration database;
    private final DemoData demoData;

    StoreMigrationRunner(DatabaseConfiguration database, DemoData demoData) {
        this.database = database;
        this.demoData = demoData;
    }

    @Override
    public DataSource onCreated(BeanCreatedEvent<DataSource> event) {
        DataSource dataSource = event.getBean();
        if (event.getBeanDefinition() instanceof NameResolver named
                && STORE.equals(named.resolveName().orElse(null))) {
            DataSource store = DelegatingDataSource.unwrapDataSource(dataSource);
            StoreMigrations.migrate(store, database.url());
            demoData.loadIfEnabled(store);
        }
        return dataSource;
    }
}
