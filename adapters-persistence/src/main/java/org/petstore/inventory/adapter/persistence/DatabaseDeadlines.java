package org.petstore.inventory.adapter.persistence;

import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.event.BeanInitializedEventListener;
import io.micronaut.context.event.BeanInitializingEvent;
import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Every database call of a request is answered within {@code datasources.default.connection-timeout} (the
 * <em>budget</em>; environment: {@code DATASOURCES_DEFAULT_CONNECTION_TIMEOUT}): with its result, or, when the
 * database does not answer in time, with a connection failure (503 over HTTP). Waiting for a connection, checking it
 * and running the statements all count.
 *
 * <p>Left to itself the pool (HikariCP) does not hold that bound: it waits up to its connection timeout and then checks
 * an idle connection with a query that may take its validation timeout on top (5 s by default; the JDBC4 check rounds
 * it to whole seconds); a connection used less than half a second ago is handed out unchecked, and its statement then
 * waits without limit for a database that stopped answering (the PostgreSQL driver has no socket timeout). So the pool
 * checks connections with a test query bounded by a validation timeout of a fifth of the budget (250 ms to 1 s) and
 * waits for a connection for the rest; each call then bounds every read of its connection by the time left
 * ({@link Connection#setNetworkTimeout}; the pool restores the default when the connection is returned, and discards
 * one whose read timed out). A streamed list keeps that bound until its first rows; each later batch gets a whole
 * budget. The embedded H2 database has no network: there the network timeout is ignored.
 */
@Singleton
final class DatabaseDeadlines implements BeanInitializedEventListener<DatasourceConfiguration> {

    /** HikariCP's own default connection timeout, the budget when none is configured. */
    static final long DEFAULT_BUDGET_MILLIS = 30_000;

    /** HikariCP refuses a connection or validation timeout below this. */
    static final long POOL_MINIMUM_MILLIS = 250;
    static final long MAX_VALIDATION_MILLIS = 1_000;
    static final String TEST_QUERY = "SELECT 1";

    /** The network timeout takes an executor for an abort that no supported driver uses. */
    private static final Executor UNUSED = Runnable::run;

    private final long budgetMillis;

    @Inject
    DatabaseDeadlines(DatabaseConfiguration database) {
        this(database.connectionTimeout());
    }

    /** @param budgetMillis the budget; null or not positive: the pool's default */
    DatabaseDeadlines(@Nullable Long budgetMillis) {
        this.budgetMillis = budgetMillis == null || budgetMillis <= 0 ? DEFAULT_BUDGET_MILLIS : budgetMillis;
    }

    @Override
    public DatasourceConfiguration onInitialized(BeanInitializingEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration datasource = event.getBean();
        if ("default".equals(datasource.getName())) {
            long validation = validationMillis(budgetMillis);
            datasource.setValidationTimeout(validation);
            datasource.setConnectionTimeout(Math.max(POOL_MINIMUM_MILLIS, budgetMillis - validation));
            datasource.setConnectionTestQuery(TEST_QUERY);
        }
        return datasource;
    }

    /** A fifth of the budget, from 250 ms to 1 s. */
    static long validationMillis(long budgetMillis) {
        return Math.clamp(budgetMillis / 5, POOL_MINIMUM_MILLIS, MAX_VALIDATION_MILLIS);
    }


    /** The deadline of a database call that starts now, before it asks the pool for a connection. */
    Deadline start() {
        return new Deadline(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budgetMillis));
    }

    /** When a database call must be answered. */
    final class Deadline {

        private final long endNanos;

        private Deadline(long endNanos) {
            this.endNanos = endNanos;
        }

        /**
         * Bounds every read of the connection by the time left; with no time left, fails as a database that did not
         * answer. The caller closes the connection when this throws.
         */
        void bound(Connection connection) throws SQLException {
            long leftMillis = millisLeft();
            if (leftMillis <= 0) {
                throw missed();
            }
            connection.setNetworkTimeout(UNUSED, (int) Math.min(leftMillis, Integer.MAX_VALUE));
        }

        /** Whole milliseconds left until the deadline; 0 or less once it has passed. */
        long millisLeft() {
            return TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime());
        }

        /** Whether this deadline comes before the other one. */
        boolean isBefore(Deadline other) {
            return endNanos - other.endNanos < 0;
        }

        /** The failure of a call whose deadline passed: a database that did not answer in time. */
        SQLTransientConnectionException missed() {
            return new SQLTransientConnectionException("The database did not answer within " + budgetMillis + " ms",
                    "08001");
        }

        /** From now on each read of the connection (a batch of a streamed list) gets a whole budget. */
        void boundEachRead(Connection connection) throws SQLException {
            connection.setNetworkTimeout(UNUSED, (int) Math.min(budgetMillis, Integer.MAX_VALUE));
        }
    }
}
