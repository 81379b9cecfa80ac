package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A long inventory list is streamed from its database cursor: its first bytes arrive while the cursor is still open,
 * four lists read at once leave room for a {@code PATCH}, and a client that goes away in the middle of one gives the
 * cursor and its pooled connection back at once. Each backend's subclass says which database and how to seed it.
 */
@Tag("wall-clock") // it asserts a bound of wall-clock time: no other test class runs beside it (pom.xml)
abstract class StreamingEndToEndTest {

    static final int FIRST_SEEDED = 1_000_001;
    static final int SEEDED = 200_000;
    private static final Duration BOUND = Duration.ofSeconds(10);

    private static RunningService service;
    private static int entries;

    /**
     * Starts the service on the backend and adds pets {@link #FIRST_SEEDED} to {@code FIRST_SEEDED + SEEDED - 1}
     * (beyond the demo data's petIds), each with an inventory entry, by the given SQL statements.
     */
    static void startWithALongList(Backend backend, String... seeding) throws SQLException {
        service = RunningService.start(backend);
        try (Connection connection = pool().getConnection();
                Statement statement = connection.createStatement()) {
            for (String sql : seeding) {
                statement.executeUpdate(sql);
            }
            try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM inventory_item")) {
                count.next();
                entries = count.getInt(1);
            }
        }
    }

    @AfterAll
    static void stop() {
        service.close();
    }

    @Test
    void theWholeListArrivesWithoutALengthGivenUpFront() {
        HttpResponse<String> response = service.get("/v1/inventory");

        assertEquals(200, response.statusCode());
        assertEquals(null, response.headers().firstValue("Content-Length").orElse(null), "Content-Length");
        String body = response.body();
        assertTrue(body.startsWith("[{\"petId\":1,") && body.endsWith("}]"), () -> body.substring(0, 100));
        assertEquals(entries, body.split("\\{\"petId\":", -1).length - 1, "entries");
        awaitNoActiveConnection();
    }

    @Test
    void fourListsReadAtOnceLeaveRoomForAPatchAndEachArrivesWhole() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<InputStream> lists = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                HttpResponse<InputStream> list = client.send(service.request("/v1/inventory").GET().build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                assertEquals(200, list.statusCode());
                lists.add(list.body());
            }
            // the first bytes of each list arrive while its cursor is still open: four lists, four connections
            byte[][] starts = new byte[4][];
            for (int i = 0; i < 4; i++) {
                starts[i] = lists.get(i).readNBytes(16 * 1024);
            }
            assertTrue(pool().getHikariPoolMXBean().getActiveConnections() >= 4,
                    "connections in use while four lists are read: " + pool().getHikariPoolMXBean()
                            .getActiveConnections());

            long started = System.nanoTime();
            HttpResponse<String> patched = service.patch("/v1/inventory/1", "{\"quantity\": 7}");
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertEquals(200, patched.statusCode(), patched::body);
            assertTrue(took.compareTo(Duration.ofSeconds(2)) < 0, "the PATCH took " + took);

            for (int i = 0; i < 4; i++) {
                String body = new String(starts[i], StandardCharsets.UTF_8)
                        + new String(lists.get(i).readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(body.startsWith("[{\"petId\":1,") && body.endsWith("}]"), "list " + i + " whole");
                assertEquals(entries, body.split("\\{\"petId\":", -1).length - 1, "entries of list " + i);
            }
        } finally {
            for (InputStream list : lists) {
                list.close();
            }
            client.close();
        }
        awaitNoActiveConnection();
    }

    @Test
    void aClientThatGoesAwayMidListLeavesNoConnectionInUse() throws IOException {
        try (Socket socket = new Socket("localhost", service.port())) {
            socket.setSoTimeout((int) BOUND.toMillis());
            socket.getOutputStream().write(("GET /v1/inventory HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer " + RunningService.API_KEY + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            InputStream in = socket.getInputStream();
            byte[] start = in.readNBytes(64 * 1024);
            String head = new String(start, StandardCharsets.ISO_8859_1);
            assertTrue(head.startsWith("HTTP/1.1 200 OK"), head.lines().findFirst().orElse(""));
            assertTrue(head.substring(0, head.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT)
                    .contains("transfer-encoding: chunked"), "sent in chunks");
            socket.setSoLinger(true, 0);
        }

        awaitNoActiveConnection();
        assertEquals(200, service.get("/v1/inventory").statusCode(), "the list after the client went away");
    }

    /** The application's connection pool, behind the data source it injects. */
    private static HikariDataSource pool() {
        try {
            return service.bean(DataSource.class).unwrap(HikariDataSource.class);
        } catch (SQLException e) {
            throw new AssertionError("the data source is not a HikariCP pool", e);
        }
    }

    private static void awaitNoActiveConnection() {
        HikariDataSource pool = pool();
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (pool.getHikariPoolMXBean().getActiveConnections() > 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(pool.getHikariPoolMXBean().getActiveConnections()
                        + " pooled connection(s) still in use after " + BOUND);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
