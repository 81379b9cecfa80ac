package org.petstore.inventory.adapter.persistence.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.pool.HikariPool;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.persistence.FailureCauses;

/**
 * The store is open once the application context has started: migrated by Micronaut's Flyway integration as the
 * datasource is created, then filled with the demo data ({@link AfterStoreMigration}); a database that cannot be
 * reached fails the start with the driver's own cause.
 */
class AfterStoreMigrationTest {

    @Test
    void theStoreIsMigratedAndFilledOnceTheContextHasStarted() throws SQLException {
        try (ApplicationContext context = ApplicationContext.run(settings("jdbc:h2:mem:after-migration;"
                + "MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1"))) {
            try (Connection connection = DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class))
                    .getConnection();
                 Statement statement = connection.createStatement();
                 ResultSet row = statement.executeQuery("SELECT (SELECT COUNT(*) FROM pet), "
                         + "(SELECT MAX(CAST(\"version\" AS INTEGER)) FROM \"flyway_schema_history\")")) {
                row.next();
                assertEquals(12, row.getInt(1), "the demo data");
                assertEquals("12", row.getString(2), "the schema's version");
            }
        }
    }

    @Test
    void aDatabaseThatCannotBeReachedFailsTheStartWithTheDriversCause() {
        Map<String, Object> settings = settings("jdbc:postgresql://127.0.0.1:1/inventory");
        settings.put("datasources.default.username", "inventory");
        settings.put("datasources.default.password", "secret");

        RuntimeException failure = assertThrows(RuntimeException.class, () -> ApplicationContext.run(settings).close());

        HikariPool.PoolInitializationException pool = FailureCauses.chain(failure)
                .filter(HikariPool.PoolInitializationException.class::isInstance)
                .map(HikariPool.PoolInitializationException.class::cast)
                .findFirst().orElseThrow(() -> new AssertionError("no pool failure in " + failure, failure));
        SQLException cause = assertInstanceOf(SQLException.class, pool.getCause());
        assertEquals("08001", cause.getSQLState(), cause.getMessage());
        assertTrue(cause.getMessage().contains("127.0.0.1:1"), cause.getMessage());
    }

    /** The store's settings, and its Flyway configuration as the service's (bootstrap's application.yml). */
    private static Map<String, Object> settings(String url) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("datasources.default.url", url);
        settings.put("datasources.default.username", "sa");
        settings.put("datasources.default.password", "");
        settings.put("datasources.default.maximum-pool-size", 4);
        settings.put("petstore.demo-data", true);
        settings.put("flyway.datasources.default.enabled", true);
        settings.put("flyway.datasources.default.locations", "classpath:db/migration");
        return settings;
    }
}
