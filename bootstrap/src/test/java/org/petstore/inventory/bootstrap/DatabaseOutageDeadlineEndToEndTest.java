package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * During a PostgreSQL outage every request that needs the database is answered 503 with the Error body within the
 * configured connection timeout ({@code datasources.default.connection-timeout}), plus a small margin for the HTTP
 * round trip: whether the server is stopped (connections refused) or stops answering while connections are open
 * and in use (every process of it frozen, as behind a network that drops everything). Readiness is 503 meanwhile,
 * and the service recovers by itself once the database is back, without a restart.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
class DatabaseOutageDeadlineEndToEndTest {

    /**
     * The service's default is 5 s; each request that waits for the database waits this long, so the test sets a
     * short one (the pool's own checks take a fifth of it, at least 250 ms).
     */
    private static final long CONNECTION_TIMEOUT_MS = 1000;

    /** The HTTP round trip and the scheduling of a shared, busy machine. */
    private static final long MARGIN_MS = 500;

    private static final String UNAVAILABLE = "{\"code\":\"SERVICE_UNAVAILABLE\",\"message\":\"The database is "
            + "temporarily unavailable; nothing was changed, try again shortly\",\"status\":503}";

    @TempDir
    Path postgresData;

    @Test
    void aStoppedDatabaseIsAnswered503WithinTheConnectionTimeout() throws Exception {
        int port = FreePort.next();
        EmbeddedPostgres postgres = TestPostgres.startDedicated(postgresData, port);
        try (RunningService service = RunningService.start(backend(postgres))) {
            warmUp(service);

            postgres.close();

            for (int round = 0; round < 3; round++) {
                for (Function<RunningService, HttpRequest> request : requests()) {
                    assertUnavailableInTime(timed(service, request.apply(service)));
                }
            }
            assertNotReady(service);

            postgres = TestPostgres.startDedicated(postgresData, port);
            assertRecovers(service);
        } finally {
            postgres.close();
        }
    }

    /**
     * The hard case: the database stops answering while the service is busy, so some requests hold connections that
     * were in use a moment ago (the pool hands those out unchecked) and their statements wait for an answer that
     * never comes; others wait for a connection. A client keeps sending requests one after the other across the
     * moment the database freezes, and then a burst of more requests than the pool has connections arrives.
     */
    @Test
    void aDatabaseThatStopsAnsweringIsAnswered503WithinTheConnectionTimeout() throws Exception {
        int port = FreePort.next();
        EmbeddedPostgres postgres = TestPostgres.startDedicated(postgresData, port);
        try (RunningService service = RunningService.start(backend(postgres))) {
            warmUp(service);
            List<Long> frozen = List.of();
            try {
                AtomicBoolean sending = new AtomicBoolean(true);
                List<Timed> sequential = new ArrayList<>();
                CompletableFuture<Void> client = CompletableFuture.runAsync(() -> {
                    List<Function<RunningService, HttpRequest>> requests = requests();
                    for (int i = 0; sending.get(); i++) {
                        Timed timed = timed(service, requests.get(i % requests.size()).apply(service));
                        synchronized (sequential) {
                            sequential.add(timed);
                        }
                    }
                });
                Thread.sleep(500);

                frozen = freeze(postgresData);
                Thread.sleep(2 * CONNECTION_TIMEOUT_MS + 1000);
                List<CompletableFuture<Timed>> burst = IntStream.range(0, 16)
                        .mapToObj(i -> CompletableFuture.supplyAsync(
                                () -> timed(service, requests().get(i % requests().size()).apply(service))))
                        .toList();
                List<Timed> burstAnswers = burst.stream().map(CompletableFuture::join).toList();
                sending.set(false);
                client.get();

                List<Timed> answers;
                synchronized (sequential) {
                    answers = List.copyOf(sequential);
                }
                for (Timed timed : answers) {
                    int status = timed.response().statusCode();
                    if (status == 503) {
                        assertUnavailableInTime(timed);
                    } else {
                        assertTrue(status == 200 || status == 412, "before the freeze: " + timed);
                        assertTrue(timed.millis() <= CONNECTION_TIMEOUT_MS + MARGIN_MS, timed.toString());
                    }
                }
                assertTrue(answers.stream().anyMatch(timed -> timed.response().statusCode() != 503), "" + answers);
                assertTrue(answers.stream().anyMatch(timed -> timed.response().statusCode() == 503), "" + answers);
                burstAnswers.forEach(DatabaseOutageDeadlineEndToEndTest::assertUnavailableInTime);
                assertNotReady(service);
            } finally {
                resume(frozen);
            }
            assertRecovers(service);
        } finally {
            postgres.close();
        }
    }

    /** A request, its answer and how long the answer took. */
    private record Timed(String request, HttpResponse<String> response, long millis) {

        @Override
        public String toString() {
            return request + " -> " + response.statusCode() + " in " + millis + " ms: " + response.body();
        }
    }

    /** Every kind of request that needs the database: each of its statements, on both kinds of connection use. */
    private static List<Function<RunningService, HttpRequest>> requests() {
        return List.of(
                service -> service.request("/v1/inventory").GET().build(),
                service -> service.request("/v1/inventory/3").GET().build(),
                service -> service.request("/v1/inventory/4").header("Content-Type", "application/json")
                        .method("PATCH", BodyPublishers.ofString("{\"quantity\": 71}")).build(),
                service -> service.request("/v1/inventory/4").header("Content-Type", "application/json")
                        .header("If-Match", "\"4.1\"")
                        .method("PATCH", BodyPublishers.ofString("{\"quantity\": 72}")).build(),
                service -> service.request("/v1/pets/1").GET().build(),
                service -> service.request("/v1/store/orders").GET().build());
    }

    private static Timed timed(RunningService service, HttpRequest request) {
        long start = System.nanoTime();
        HttpResponse<String> response = service.send(request);
        return new Timed(request.method() + " " + request.uri().getPath(), response,
                (System.nanoTime() - start) / 1_000_000);
    }

    private static void assertUnavailableInTime(Timed timed) {
        assertEquals(503, timed.response().statusCode(), timed.toString());
        assertEquals("application/json", timed.response().headers().firstValue("Content-Type").orElse(""),
                timed.toString());
        assertEquals(UNAVAILABLE, timed.response().body(), timed.toString());
        assertTrue(timed.millis() <= CONNECTION_TIMEOUT_MS + MARGIN_MS, "answered later than "
                + CONNECTION_TIMEOUT_MS + " ms + " + MARGIN_MS + " ms: " + timed);
    }

    private static void warmUp(RunningService service) {
        for (int i = 0; i < 3; i++) {
            for (Function<RunningService, HttpRequest> request : requests()) {
                int status = service.send(request.apply(service)).statusCode();
                assertTrue(status == 200 || status == 412, "warm-up: " + status);
            }
        }
    }

    private static void assertNotReady(RunningService service) {
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        assertEquals(503, readiness.statusCode(), readiness.body());
        assertEquals("{\"status\":\"DOWN\"}", readiness.body());
    }

    /** Without a restart: the inventory is served again, readiness is 200 again, and an update works. */
    private static void assertRecovers(RunningService service) throws InterruptedException {
        HttpResponse<String> response = service.get("/v1/inventory");
        for (int attempt = 1; attempt < 80 && response.statusCode() == 503; attempt++) {
            Thread.sleep(250);
            response = service.get("/v1/inventory");
        }
        assertEquals(200, response.statusCode(), response.body());
        HttpResponse<String> readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        for (int attempt = 1; attempt < 40 && readiness.statusCode() != 200; attempt++) {
            Thread.sleep(250);
            readiness = service.send(service.anonymousRequest("/health/readiness").GET().build());
        }
        assertEquals(200, readiness.statusCode(), readiness.body());
        assertEquals("{\"petId\":4,\"quantity\":73,\"status\":\"available\"}",
                service.patch("/v1/inventory/4", "{\"quantity\": 73}").body());
    }

    private static Backend backend(EmbeddedPostgres postgres) throws SQLException {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE petstore");
        }
        Map<String, Object> properties = new HashMap<>(TestPostgres.datasourceProperties(postgres, "petstore"));
        properties.put("petstore.demo-data", true);
        properties.put("datasources.default.connection-timeout", CONNECTION_TIMEOUT_MS);
        return () -> properties;
    }

    /**
     * Stops every process of the PostgreSQL server in its tracks (SIGSTOP), the postmaster first so that it starts
     * no new one: connections stay open, nothing is answered. Returns the processes, to resume them.
     */
    private static List<Long> freeze(Path dataDirectory) throws IOException, InterruptedException {
        long postmaster = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).getFirst().strip());
        List<Long> processes = new ArrayList<>();
        processes.add(postmaster);
        signal("STOP", processes);
        ProcessHandle.of(postmaster).orElseThrow().descendants().map(ProcessHandle::pid).forEach(processes::add);
        signal("STOP", processes);
        return processes;
    }

    private static void resume(List<Long> processes) throws IOException, InterruptedException {
        if (!processes.isEmpty()) {
            signal("CONT", processes);
        }
    }

    private static void signal(String signal, List<Long> processes) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        processes.forEach(pid -> command.add(Long.toString(pid)));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        assertEquals(0, exit, "kill -" + signal + " " + processes);
    }
}
