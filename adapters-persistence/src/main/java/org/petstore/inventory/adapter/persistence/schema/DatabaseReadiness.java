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
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;
import org.petstore.inventory.adapter.persistence.DatabaseFailures;
import org.petstore.inventory.adapter.persistence.FailureCauses;
import org.reactivestreams.Publisher;

/**
 * The service is ready when its database answers: a connection from the pool that the database confirms valid,
 * within {@code petstore.readiness.database-timeout}. A database that does not answer in time, or refuses, makes
 * {@code /health/readiness} 503 until it answers again; {@code /health/liveness} does not look at the database.
 *
 * <p>The details (shown only to a caller with an API key) name the backend and, when the check fails, why: the
 * database's refusal when it refused (connection refused, unknown host, credentials, no password, with its
 * SQLSTATE), else that it did not answer within the timeout. Never the URL or the credentials.
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
        try (Connection connection = borrow()) {
            return connection.isValid(validationSeconds)
                    ? result(HealthStatus.UP, null)
                    : down("the database did not confirm the connection");
        } catch (SQLException e) {
            return down(reason(e));
        } catch (RuntimeException e) {
            return down("the database cannot be used (" + e.getClass().getSimpleName() + ")");
        }
    }

    /**
     * A connection of the pool, waited for a little less than the readiness timeout: HikariCP keeps trying to open
     * connections until its own (longer) connection timeout, so a database that refuses at once would otherwise look
     * like one that does not answer. When the wait ends without a connection, the pool's failure carries the last
     * reason it could not open one.
     */
    private Connection borrow() throws SQLException {
        if (pool instanceof HikariDataSource hikari && hikari.getHikariPoolMXBean() instanceof HikariPool hikariPool) {
            return hikariPool.getConnection(Math.max(MIN_WAIT_MILLIS, timeout.toMillis() - ANSWER_MARGIN_MILLIS));
        }
        return pool.getConnection();
    }

    /**
     * Why the database cannot be used, as an operator needs it, without the URL or the credentials: the database's
     * refusal when there is one (connection refused, unknown host, credentials, no password), else that it did not
     * answer in time.
     */
    private String reason(SQLException failure) {
        Optional<SQLException> refusal = DatabaseFailures.innermostSqlFailure(failure)
                .filter(sql -> sql != failure || !(failure instanceof SQLTransientConnectionException));
        if (FailureCauses.chain(failure).anyMatch(UnknownHostException.class::isInstance)) {
            return "the database host is unknown (SQLSTATE " + refusal.map(SQLException::getSQLState).orElse("08001")
                    + ")";
        }
        if (refusal.isEmpty()) {
            return FailureCauses.chain(failure).anyMatch(ConnectException.class::isInstance)
                    ? "the database server refused the connection (nothing accepts connections at its address)"
                    : "the database did not answer within " + timeout.toMillis() + " ms";
        }
        SQLException sql = refusal.get();
        String state = sql.getSQLState() == null ? "" : sql.getSQLState();
        if (DatabaseFailures.asksForPassword(sql)) {
            return "the database asks for a password, and none is set (SQLSTATE " + state + ")";
        }
        if (state.startsWith("28")) {
            return "the database refused the user or password (SQLSTATE " + state + ")";
        }
        if (FailureCauses.chain(sql).anyMatch(ConnectException.class::isInstance)) {
            return "the database server refused the connection (SQLSTATE " + state + ")";
        }
        if (state.equals("3D000")) {
            return "the database does not exist (SQLSTATE " + state + ")";
        }
        return "the database cannot be used (SQLSTATE " + state + ")";
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
