package org.petstore.inventory.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long inventory list on the embedded H2 database is streamed from its cursor, and a client that goes away in the
 * middle of it gives the cursor and its pooled connection back at once.
 */
class H2StreamingEndToEndTest {

    private static final int FIRST_SEEDED = 1_000_001;
    private static final int SEEDED = 200_000;
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TempDir
    static Path dataDir;

    private static RunningService service;
    private static int entries;

    @BeforeAll
    static void startWithALongList() throws SQLException {
        service = RunningService.start(Backend.h2(dataDir));
        try (Connection connection = pool().getConnection();
                Statement statement = connection.createStatement()) {
            // beyond the demo data's petIds; H2's SYSTEM_RANGE names its column X (quoted: names fold to lower case)
            String range = "FROM SYSTEM_RANGE(" + FIRST_SEEDED + ", " + (FIRST_SEEDED + SEEDED - 1) + ") r";
            statement.executeUpdate("INSERT INTO pet (id, name, status) "
                    + "SELECT r.\"X\", CONCAT('Pet ', r.\"X\"), 'available' " + range);
            statement.executeUpdate("INSERT INTO inventory_item (pet_id, quantity) "
                    + "SELECT r.\"X\", MOD(r.\"X\", 100) " + range);
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
