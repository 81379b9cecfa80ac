package org.petstore.inventory.adapter.persistence.schema;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.micronaut.core.async.publisher.Publishers;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.management.health.indicator.annotation.Readiness;
import io.micronaut.scheduling.TaskExecutors;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.petstore.inventory.adapter.persistence.DatabaseFailure;
import org.reactivestreams.Publisher;

/**
 * The service is ready when its database answers: a connection from the pool that the database confirms valid, within
 * {@code petstore.readiness.database-timeout} (a pooled connection the database had already dropped is passed over, so
 * that the reason told is the database's, not a stale connection's); else {@code /health/readiness} is 503 until it
 * answers again ({@code /health/liveness} does not look at the database). The details (shown only to a caller with an
 * API key) name the backend and, when the check fails, why: the database's refusal, with its SQLSTATE, as
 * {@link DatabaseFailure} tells it, or that it did not answer in time; never the URL or the credentials.
 */
@Singleton
@Readiness
final class DatabaseReadiness implements HealthIndicator {

    static final String NAME = "database";

    /** How much earlier than the readiness timeout the wait for a connection ends, so that its reason is told. */
    private static final long ANSWER_MARGIN_MILLIS = 250;
    private static final long MIN_WAIT_MILLIS = 250;

    private final DataSource pool;
    private final ExecutorService executor;
    private final Duration timeout;
    private final String backend;

    DatabaseReadiness(DataSource dataSource, @Named(TaskExecutors.BLOCKING) ExecutorService executor,
                      ReadinessConfiguration configuration, DatabaseConfiguration database) {
        this.pool = DelegatingDataSource.unwrapDataSource(dataSource);
        this.executor = executor;
        this.timeout = configuration.databaseTimeout();
        this.backend = database.backend().map(DatabaseBackend::displayName).orElse("unknown");
    }

    @Override
    public Publisher<HealthResult> getResult() {
        CompletableFuture<HealthResult> result = CompletableFuture.supplyAsync(this::check, executor)
                .completeOnTimeout(down("the database did not answer within " + timeout.toMillis() + " ms"),
                        timeout.toMillis(), TimeUnit.MILLISECONDS);
        return Publishers.fromCompletableFuture(result);
    }

    private HealthResult check() {
        int validationSeconds = (int) Math.max(1, timeout.toSeconds());
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis());
        while (true) {
            try (Connection connection = borrow(TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime()))) {
                return connection.isValid(validationSeconds)
                        ? result(HealthStatus.UP, null)
                        : down("the database did not confirm the connection");
            } catch (SQLException e) {
                if (DatabaseFailure.of(e) != DatabaseFailure.UNREACHABLE || System.nanoTime() - until >= 0) {
                    return down(reason(e));
                }
                // the pool handed out a connection the database had already dropped (it checks none used in the last
                // half second) and discards it on that failure: the next one, or a new one, tells why
            } catch (RuntimeException e) {
                return down("the database cannot be used (" + e.getClass().getSimpleName() + ")");
            }
        }
    }

    /**
     * A connection of the pool, waited for up to {@code waitMillis}, what is left of {@link #waitMillis()}: HikariCP
     * keeps trying to open connections until its own (longer) connection timeout, so a database that refuses at once
     * would otherwise look like one that does not answer. When the wait ends without a connection, the pool's failure
     * carries the last reason it could not open one.
     */
    private Connection borrow(long waitMillis) throws SQLException {
        if (pool instanceof HikariDataSource hikari && hikari.getHikariPoolMXBean() instanceof HikariPool hikariPool) {
            return hikariPool.getConnection(Math.max(MIN_WAIT_MILLIS, waitMillis));
        }
        return pool.getConnection();
    }

    /** How long the check waits for a connection, all tries together: a little less than the readiness timeout. */
    private long waitMillis() {
        return Math.max(MIN_WAIT_MILLIS, timeout.toMillis() - ANSWER_MARGIN_MILLIS);
    }

    /** Why the database cannot be used, as the class comment says. */
    private String reason(SQLException failure) {
        String state = DatabaseFailure.sqlState(failure).map(sql -> " (SQLSTATE " + sql + ")").orElse("");
        return switch (DatabaseFailure.of(failure)) {
            case UNKNOWN_HOST -> "the database host is unknown" + state;
            case CONNECTION_REFUSED -> "the database server refused the connection" + state;
            case PASSWORD_MISSING -> "the database asks for a password, and none is set" + state;
            case CREDENTIALS_REFUSED -> "the database refused the user or password" + state;
            case LOGIN_NOT_PERMITTED -> "the database does not permit the user to log in" + state;
            case DATABASE_MISSING -> "the database does not exist" + state;
            case TIMEOUT -> "the database did not answer within " + timeout.toMillis() + " ms";
            default -> "the database cannot be used" + state;
        };
    }

    private HealthResult down(String reason) {
        return result(HealthStatus.DOWN, reason);
    }

    private HealthResult result(HealthStatus status, String reason) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("backend", backend);
        if (reason != null) {
            details.put("error", reason);
        }
        return HealthResult.builder(NAME, status).details(details).build();
    }
}
