package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import com.zaxxer.hikari.pool.HikariPool;
import io.micronaut.context.ApplicationContext;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StoreOpening}: by default the store is open (migrated, demo data loaded) once the context has started; in
 * the background ({@value StoreOpening#IN_BACKGROUND}, the service's start) once {@link StoreOpening#await} returns,
 * with the pool's minimum of idle connections as configured and its session settings (schema) on the opening's own
 * connection too, which then becomes the pool's first connection (the start connects once), and a database that cannot be reached fails the wait with the driver's own cause, not with the
 * pool's timeout.
 */
class StoreOpeningTest {

    /** An in-memory database that lives only as long as a connection to it is open. */
    private static String h2(String name) {
        return "jdbc:h2:mem:opening-" + name + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
    }

    @Test
    void byDefaultTheStoreIsOpenOnceTheContextHasStarted() throws SQLException {
        try (ApplicationContext context = ApplicationContext.run(settings(h2("default"), false))) {
            assertEquals(12, pets(context), "migrated, with the demo data");
            context.getBean(StoreOpening.class).await();
            assertEquals(4, pool(context).getMinimumIdle());
        }
    }

    @Test
    void inTheBackgroundTheStoreIsOpenOnceTheWaitReturns() throws SQLException {
        try (ApplicationContext context = ApplicationContext.run(settings(h2("background"), true))) {
            context.getBean(StoreOpening.class).await();

            // the embedded database outlived the opening's own connection: the pool holds it open
            assertEquals(12, pets(context), "migrated, with the demo data");
            HikariDataSource pool = pool(context);
            assertEquals(4, pool.getMinimumIdle(), "the configured minimum of idle connections applies again");
            assertEquals(-1, pool.getInitializationFailTimeout(), "the opening made the first connection");
        }
    }

    @Test
    void inTheBackgroundThePoolsFirstConnectionIsTheOpeningsOwn(@TempDir Path directory) throws Exception {
        String url = "jdbc:h2:file:" + directory.resolve("store")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH";
        try (ApplicationContext created = ApplicationContext.run(settings(url, false))) {
            assertEquals(12, pets(created), "a store with its schema, as at every start but the first");
        }
        Map<String, Object> settings = settings(url, true);
        settings.put("datasources.default.driver-class-name", CountingDriver.class.getName());
        settings.put("datasources.default.minimum-idle", 1);
        try (ApplicationContext context = ApplicationContext.run(settings)) {
            context.getBean(StoreOpening.class).await();
            HikariPoolMXBean pool = pool(context).getHikariPoolMXBean();
            // the opening returns the pool's first connection soon after the wait (and the pool may add more)
            long deadline = System.nanoTime() + 10_000_000_000L;
            while ((pool.getIdleConnections() < 1 || pool.getIdleConnections() != pool.getTotalConnections()
                    || CountingDriver.connections(url) != pool.getTotalConnections())
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }

            assertEquals(pool.getTotalConnections(), CountingDriver.connections(url),
                    "every connection made is one of the pool's: the opening's own became the pool's first");
            assertEquals(12, pets(context), "migrated, with the demo data, over the pool's connection");
        }
    }

    /** H2's driver, counting the connections it makes to each URL. */
    public static final class CountingDriver implements Driver {

        private static final Map<String, AtomicInteger> CONNECTIONS = new ConcurrentHashMap<>();
        private final Driver h2 = new org.h2.Driver();

        static int connections(String url) {
            AtomicInteger count = CONNECTIONS.get(url);
            return count == null ? 0 : count.get();
        }

        @Override
        public Connection connect(String url, Properties info) throws SQLException {
            Connection connection = h2.connect(url, info);
            if (connection != null) {
                CONNECTIONS.computeIfAbsent(url, any -> new AtomicInteger()).incrementAndGet();
            }
            return connection;
        }

        @Override
        public boolean acceptsURL(String url) throws SQLException {
            return h2.acceptsURL(url);
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
            return h2.getPropertyInfo(url, info);
        }

        @Override
        public int getMajorVersion() {
            return h2.getMajorVersion();
        }

        @Override
        public int getMinorVersion() {
            return h2.getMinorVersion();
        }

        @Override
        public boolean jdbcCompliant() {
            return h2.jdbcCompliant();
        }

        @Override
        public java.util.logging.Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return h2.getParentLogger();
        }
    }

    @Test
    void inTheBackgroundTheStoreIsOpenedWithThePoolsSessionSettings() throws SQLException {
        Map<String, Object> settings = settings(h2("schema") + ";INIT=CREATE SCHEMA IF NOT EXISTS store", true);
        settings.put("datasources.default.schema", "store");
        try (ApplicationContext context = ApplicationContext.run(settings)) {
            context.getBean(StoreOpening.class).await();

            // migrated and filled in the pool's schema, where the requests' connections look
            assertEquals(12, pets(context), "migrated, with the demo data");
            try (Connection connection = pool(context).getConnection();
                 Statement statement = connection.createStatement();
                 ResultSet tables = statement.executeQuery("SELECT table_schema FROM information_schema.tables"
                         + " WHERE table_name IN ('pet', 'flyway_schema_history') ORDER BY table_name")) {
                assertTrue(tables.next());
                assertEquals("store", tables.getString(1));
                assertTrue(tables.next());
                assertEquals("store", tables.getString(1));
                assertFalse(tables.next(), "no tables outside the pool's schema");
            }
        }
    }

    @Test
    void inTheBackgroundADatabaseThatCannotBeReachedFailsTheWaitWithTheDriversCause() {
        Map<String, Object> settings = settings("jdbc:postgresql://127.0.0.1:1/inventory", true);
        settings.put("datasources.default.username", "inventory");
        settings.put("datasources.default.password", "secret");
        try (ApplicationContext context = ApplicationContext.run(settings)) {
            HikariPool.PoolInitializationException failure = assertThrows(HikariPool.PoolInitializationException.class,
                    () -> context.getBean(StoreOpening.class).await());

            SQLException cause = assertInstanceOf(SQLException.class, failure.getCause());
            assertEquals("08001", cause.getSQLState(), cause.getMessage());
            assertTrue(cause.getMessage().contains("127.0.0.1:1"), cause.getMessage());
        }
    }

    private static Map<String, Object> settings(String url, boolean inBackground) {
        Map<String, Object> settings = new HashMap<>();
        settings.put("datasources.default.url", url);
        settings.put("datasources.default.username", "sa");
        settings.put("datasources.default.password", "");
        settings.put("datasources.default.maximum-pool-size", 4);
        settings.put("petstore.demo-data", true);
        settings.put(StoreOpening.IN_BACKGROUND, inBackground);
        return settings;
    }

    private static HikariDataSource pool(ApplicationContext context) {
        return (HikariDataSource) DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class));
    }

    private static int pets(ApplicationContext context) throws SQLException {
        try (Connection connection = pool(context).getConnection();
             Statement statement = connection.createStatement();
             ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM pet")) {
            count.next();
            return count.getInt(1);
        }
    }
}
