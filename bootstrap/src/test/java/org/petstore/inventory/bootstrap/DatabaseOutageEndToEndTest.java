package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.read.ListAppender;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.slf4j.LoggerFactory;

/**
 * The service while its PostgreSQL database goes away and comes back: requests are answered 503 with the Error body
 * (within the connection timeout, so clients are not left hanging), nothing is changed, and the service recovers by
 * itself once the database is back. Meanwhile {@code /health/readiness} is 503 and {@code /health/liveness} stays 200;
 * readiness is 200 again when the database is back. The log says when the database became unusable and when it is
 * back, in one line each.
 */
@Tag("whole-log") // it captures or configures the JVM's logging: no other test class runs beside it (pom.xml)
class DatabaseOutageEndToEndTest {

    private static final String UNAVAILABLE = "{\"code\":\"SERVICE_UNAVAILABLE\",\"message\":\"The database is "
            + "temporarily unavailable; nothing was changed, try again shortly\",\"status\":503}";
    private static final int RECOVERY_ATTEMPTS = 60;

    @TempDir
    Path postgresData;

    @Test
    void requestsAre503WhileTheDatabaseIsDownAndSucceedOnceItIsBack() throws Exception {
        int port = FreePort.next();
        EmbeddedPostgres postgres = TestPostgres.startDedicated(postgresData, port);
        createDatabase(postgres, "petstore");
        Map<String, Object> properties = new HashMap<>(TestPostgres.datasourceProperties(postgres, "petstore"));
        properties.put("petstore.demo-data", true);
        properties.put("datasources.default.connection-timeout", 1000);
        Backend backend = () -> properties;

        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        try (RunningService service = RunningService.start(backend)) {
            assertEquals(200, service.patch("/v1/inventory/4", "{\"quantity\": 70}").statusCode());
            logAsShipped(logging, log);

            postgres.close();

            assertUnavailable(service.get("/v1/inventory"));
            assertUnavailable(service.patch("/v1/inventory/4", "{\"quantity\": 71}"));
            assertNotReadyButAlive(service);
            for (int request = 0; request < 10; request++) {
                assertUnavailable(service.get("/v1/inventory/4"));
            }

            postgres = TestPostgres.startDedicated(postgresData, port);

            HttpResponse<String> recovered = awaitRecovery(service);
            assertEquals(200, recovered.statusCode(), recovered.body());
            assertEquals(StockUpdateEndToEndTest.demoInventoryWith(4, 70), recovered.body());
            assertReadyAgain(service);
            assertEquals("{\"petId\":4,\"quantity\":72,\"status\":\"available\"}",
                    service.patch("/v1/inventory/4", "{\"quantity\": 72}").body());
            assertOneLineWhenUnusableAndOneWhenBack(log.list);
        } finally {
            postgres.close();
            logAsTests(logging);
        }
    }

    /**
     * A database that stops letting the service's user log in while the service runs: requests are 503, and the log
     * names the refused login (not only a database that cannot be reached).
     */
    @Test
    void aLoginRefusedWhileTheServiceRunsIsLoggedAsARefusedLogin() throws Exception {
        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        EmbeddedPostgres postgres = TestPostgres.startDedicated(postgresData, FreePort.next());
        try {
            execute(postgres, "CREATE ROLE inventory LOGIN");
            execute(postgres, "CREATE DATABASE petstore OWNER inventory");
            Map<String, Object> properties = new HashMap<>(TestPostgres.datasourceProperties(postgres, "petstore"));
            // without the user the server's URL names, so that the service signs in as its own
            properties.put("datasources.default.url",
                    "jdbc:postgresql://localhost:" + postgres.getPort() + "/petstore");
            properties.put("datasources.default.username", "inventory");
            properties.put("datasources.default.connection-timeout", 1000);
            try (RunningService service = RunningService.start(() -> properties)) {
                assertEquals(200, service.get("/v1/inventory").statusCode());
                logAsShipped(logging, log);

                execute(postgres, "ALTER ROLE inventory NOLOGIN");
                execute(postgres, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'inventory'");
                Thread.sleep(1000); // past the pool's window in which it hands out a connection without checking it

                assertUnavailable(service.get("/v1/inventory"));
                assertUnavailable(service.get("/v1/inventory/4"));
            }
            List<String> lines = log.list.stream()
                    .filter(event -> event.getLoggerName().startsWith("org.petstore.inventory.adapter.persistence"))
                    .map(event -> event.getLevel() + " " + event.getFormattedMessage())
                    .toList();
            // the service's upkeep (webhooks, quotas) may meet one of the connections this test ended first: the
            // outage's first line then says so, and the refused login follows it
            String ended = "WARN The database cannot be used: it cannot be reached: FATAL: terminating connection due "
                    + "to administrator command";
            String refused = "WARN The database cannot be used: the database does not permit the user to log in: "
                    + "FATAL: role \"inventory\" is not permitted to log in";
            assertTrue(lines.equals(List.of(refused)) || lines.equals(List.of(ended, refused)), lines::toString);
        } finally {
            postgres.close();
            logAsTests(logging);
        }
    }

    /**
     * The outage, as the service's log tells it with its shipped configuration: one warning with the reason when
     * the database becomes unusable, one line when it is back; no line per failed request, no warning of the pool
     * for each connection it drops, and no advice about the pool's settings.
     */
    private static void assertOneLineWhenUnusableAndOneWhenBack(List<ILoggingEvent> events) {
        List<ILoggingEvent> outage = events.stream()
                .filter(event -> event.getLoggerName().startsWith("org.petstore.inventory.adapter.persistence"))
                .toList();
        String transcript = events.stream().map(event -> event.getLevel() + " " + event.getLoggerName() + " - "
                + event.getFormattedMessage()).collect(Collectors.joining("\n"));
        assertEquals(2, outage.size(), transcript);
        assertEquals(Level.WARN, outage.get(0).getLevel(), transcript);
        assertTrue(outage.get(0).getFormattedMessage().startsWith("The database cannot be used: it cannot be "
                + "reached: "), transcript);
        assertEquals(Level.INFO, outage.get(1).getLevel(), transcript);
        assertEquals("The database is usable again", outage.get(1).getFormattedMessage(), transcript);
        assertTrue(events.stream().noneMatch(event -> event.getLoggerName().startsWith("com.zaxxer.hikari")
                && event.getLevel().isGreaterOrEqual(Level.WARN)), transcript);
        assertFalse(transcript.contains("maxLifetime"), transcript);
    }

    /** The service's own logging configuration, captured: on the tests' class path logback takes the tests' one. */
    private static void logAsShipped(LoggerContext logging, ListAppender<ILoggingEvent> log) throws JoranException {
        configure(logging, "/logback.xml");
        log.setContext(logging);
        log.start();
        logging.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(log);
    }

    private static void logAsTests(LoggerContext logging) throws JoranException {
        configure(logging, "/logback-test.xml");
    }

    private static void configure(LoggerContext logging, String configuration) throws JoranException {
        logging.reset();
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(logging);
        configurator.doConfigure(DatabaseOutageEndToEndTest.class.getResource(configuration));
    }

    /** Readiness follows the database (503, and with the key which check failed); liveness does not. */
    private static void assertNotReadyButAlive(RunningService service) {
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        assertEquals(503, readiness.statusCode(), readiness.body());
        assertEquals("{\"status\":\"DOWN\"}", readiness.body());

        // the server is stopped: it refuses at once, and readiness says so rather than that it did not answer (while
        // the server is still going down, a connection it accepted and dropped may be the cause said for a moment)
        String refused = "\"database\":{\"name\":\"petstore-inventory\",\"status\":\"DOWN\","
                + "\"details\":{\"backend\":\"PostgreSQL\",\"error\":\"the database server refused the "
                + "connection (SQLSTATE 08001)\"}";
        HttpResponse<String> detailed = service.get("/health/readiness");
        for (int attempt = 1; attempt < 10 && !detailed.body().contains(refused); attempt++) {
            assertEquals(503, detailed.statusCode(), detailed.body());
            detailed = service.get("/health/readiness");
        }
        assertEquals(503, detailed.statusCode(), detailed.body());
        assertTrue(detailed.body().contains(refused), detailed.body());
        assertFalse(detailed.body().contains("jdbc:"), detailed.body());

        HttpResponse<String> liveness = service.send(service.anonymousRequest("/health/liveness").GET().build());
        assertEquals(200, liveness.statusCode(), liveness.body());
        assertEquals("{\"status\":\"UP\"}", liveness.body());
    }

    /** Readiness is UP again without a restart once the database answers. */
    private static void assertReadyAgain(RunningService service) {
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        assertEquals(200, readiness.statusCode(), readiness.body());
        assertEquals("{\"status\":\"UP\"}", readiness.body());
    }

    private static void assertUnavailable(HttpResponse<String> response) {
        assertEquals(503, response.statusCode(), response.body());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(""));
        assertEquals(UNAVAILABLE, response.body());
    }

    /** Lists the inventory until it is served again; a bounded number of attempts, each bounded by its timeout. */
    private static HttpResponse<String> awaitRecovery(RunningService service) throws InterruptedException {
        HttpResponse<String> response = service.get("/v1/inventory");
        for (int attempt = 1; attempt < RECOVERY_ATTEMPTS && response.statusCode() == 503; attempt++) {
            Thread.sleep(250);
            response = service.get("/v1/inventory");
        }
        return response;
    }

    private static void execute(EmbeddedPostgres postgres, String sql) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static void createDatabase(EmbeddedPostgres postgres, String name) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        }
    }
}
