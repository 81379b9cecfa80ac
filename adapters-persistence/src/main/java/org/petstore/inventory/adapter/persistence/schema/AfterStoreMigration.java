package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.flyway.FlywayConfigurationProperties;
import io.micronaut.flyway.event.MigrationFinishedEvent;
import jakarta.inject.Singleton;
import javax.sql.DataSource;

/**
 * What follows the schema migrations of the inventory database, which Micronaut's Flyway integration runs
 * ({@code flyway.datasources.default}: {@code db/migration}, then the backend's own folder) as its datasource is
 * created, before anything else can use it: on the same thread, this loads the demo data ({@link DemoData}) and says
 * which database the inventory lives in ({@link DatabaseStartupReport}). A failure of either fails the start.
 */
@Singleton
final class AfterStoreMigration implements ApplicationEventListener<MigrationFinishedEvent> {

    /** The name of the inventory's datasource, and of its Flyway configuration. */
    static final String STORE = "default";

    private final DemoData demoData;
    private final DatabaseStartupReport report;

    AfterStoreMigration(DemoData demoData, DatabaseStartupReport report) {
        this.demoData = demoData;
        this.report = report;
    }

    @Override
    public void onApplicationEvent(MigrationFinishedEvent event) {
        if (event.getSource() instanceof FlywayConfigurationProperties flyway
                && STORE.equals(flyway.getNameQualifier())) {
            // the store's own pool, which Flyway has just migrated
            DataSource store = flyway.getFluentConfiguration().getDataSource();
            demoData.loadIfEnabled(store);
            report.report(store);
        }
    }
}
