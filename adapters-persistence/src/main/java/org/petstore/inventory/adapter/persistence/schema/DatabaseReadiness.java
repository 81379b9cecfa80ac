package org.petstore.inventory.adapter.persistence.schema;

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
import org.reactivestreams.Publisher;

/**
 * The service is ready when its database answers: a connection from the pool that the database confirms valid,
 * within {@code petstore.readiness.database-timeout}. A database that does not answer in time, or refuses, makes
 * {@code /health/readiness} 503 until it answers again; {@code /health/liveness} does not look at the database.
 *
 * <p>The details (shown only to a caller with an API key) name the backend and, when the check fails, why: the
 * timeout, or the SQLSTATE of the failure. Never the URL or the credentials.
 */
@Singleton
@Readiness
final class DatabaseReadiness implements HealthIndicator {

    static final String NAME = "database";

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
        try (Connection connection = pool.getConnection()) {
            return connection.isValid(validationSeconds)
                    ? result(HealthStatus.UP, null)
                    : down("the database did not confirm the connection");
        } catch (SQLException e) {
            return down("the database cannot be used (SQLSTATE " + e.getSQLState() + ")");
        } catch (RuntimeException e) {
            return down("the database cannot be used (" + e.getClass().getSimpleName() + ")");
        }
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
