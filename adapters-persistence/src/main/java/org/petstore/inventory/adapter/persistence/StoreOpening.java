package org.petstore.inventory.adapter.persistence;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import io.micronaut.configuration.jdbc.hikari.DatasourceConfiguration;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import jakarta.inject.Singleton;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * When the inventory database is opened at startup: its first connection, the schema migrations, the demo data and
 * the startup report ({@link StoreMigrationRunner}). By default as the datasource is created, on the thread that
 * creates it, so that nothing can use the store before it is ready.
 *
 * <p>The service ({@value #IN_BACKGROUND}, which only its {@code main} sets) opens it on a thread of its own instead,
 * while the application context goes on building the HTTP server, and waits for it ({@link #await}) before the server
 * listens: no request meets a store that is not ready, and a store that cannot be opened still fails the start, with
 * the same cause. The pool then opens no connection in its constructor (HikariCP's initialization-fail-timeout -1);
 * the opening connects first, directly with the pool's settings, so that a database that cannot be reached or that
 * refuses the credentials fails the start at once, as the pool's own first connection would. That connection is
 * begun as soon as the pool's settings exist ({@link #firstConnection}), while the context still builds the pool and
 * its metrics: on PostgreSQL it is most of the opening (a SCRAM authentication, on code the JIT has not compiled
 * yet), and the server waits for the opening. Once the store is open, that connection becomes the pool's first
 * ({@link #handOver}): the pool makes its connections through {@link HandOver}.
 */
@Singleton
public final class StoreOpening implements BeanCreatedEventListener<DatasourceConfiguration> {

    /** true: the store opens on a thread of its own; whoever starts the context waits with {@link #await}. */
    public static final String IN_BACKGROUND = "petstore.startup.open-store-in-background";

    private static final int UNSET = Integer.MIN_VALUE;

    private final boolean inBackground;
    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    /** The opening's own connection, begun as the pool's settings were created; null until then. */
    private volatile CompletableFuture<Connection> connecting;
    private volatile boolean started;
    private int minimumIdle = UNSET;
    /** Where the pool makes its connections when the store opens in the background; null otherwise. */
    private HandOver handOver;

    StoreOpening(@Value("${" + IN_BACKGROUND + ":false}") boolean inBackground) {
        this.inBackground = inBackground;
    }

    /**
     * In the background, the pool leaves its first connection to the opening, and opens no idle connections of its own
     * until the store is open ({@link #restoreMinimumIdle}): the opening prepares the store over a connection of its
     * own, then has the pool open the one the first requests use, after the store is ready, not at the same time.
     */
    @Override
    public DatasourceConfiguration onCreated(BeanCreatedEvent<DatasourceConfiguration> event) {
        DatasourceConfiguration pool = event.getBean();
        if (inBackground && StoreMigrationRunner.STORE.equals(pool.getName())) {
            pool.setInitializationFailTimeout(-1);
            minimumIdle = pool.getMinimumIdle();
            pool.setMinimumIdle(0);
            DataSource direct = directConnections(pool);
            // the pool connects through the hand-over, which gives it the opening's connection first
            pool.setDataSource(handOver = new HandOver(direct));
            CompletableFuture<Connection> connection = new CompletableFuture<>();
            connecting = connection;
            Thread.ofPlatform().name("petstore-store-connecting").daemon().start(() -> {
                try {
                    connection.complete(connect(direct, pool));
                } catch (Throwable failure) {
                    connection.completeExceptionally(failure);
                }
            });
        }
        return pool;
    }

    /**
     * The opening's own connection to the store: the one begun as the pool's settings were created, else one made
     * now; either way with the pool's URL, driver, properties and credentials, then its session settings.
     */
    Connection firstConnection(HikariConfig pool) throws SQLException {
        CompletableFuture<Connection> begun = connecting;
        if (begun == null) {
            return connect(directConnections(pool), pool);
        }
        try {
            return begun.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw unchecked(e.getCause());
        }
    }

    /** Connections as the pool would make them on its own: its URL, driver, properties and credentials. */
    private static DataSource directConnections(HikariConfig pool) {
        return new DriverDataSource(pool.getJdbcUrl(), pool.getDriverClassName(), pool.getDataSourceProperties(),
                pool.getUsername(), pool.getPassword());
    }

    /** A connection as the pool makes them ({@link #directConnections}), then the pool's session settings. */
    private static Connection connect(DataSource direct, HikariConfig pool) throws SQLException {
        Connection connection = direct.getConnection();
        try {
            if (pool.getCatalog() != null) {
                connection.setCatalog(pool.getCatalog());
            }
            if (pool.getSchema() != null) {
                connection.setSchema(pool.getSchema());
            }
            if (pool.getConnectionInitSql() != null) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(pool.getConnectionInitSql());
                }
            }
            return connection;
        } catch (SQLException e) {
            try {
                connection.close();
            } catch (SQLException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /**
     * The opening is done with its own connection: the pool's first connection is that one (made with the pool's
     * settings, so as the pool would make it), instead of a second one made while the service starts: on PostgreSQL
     * a second SCRAM authentication and a second server process. The pool sets it up as every connection it opens
     * (its session settings, its connection-init-sql again). Closed when the store did not open in the background,
     * or when the pool has not taken it within {@link #closeUnclaimed}.
     */
    void handOver(Connection connection) throws SQLException {
        if (handOver == null) {
            connection.close();
        } else {
            handOver.offer(connection);
        }
    }

    /** Closes the opening's connection if the pool has not taken it (a pool closed meanwhile, say). */
    void closeUnclaimed() {
        if (handOver != null) {
            handOver.closeUnclaimed();
        }
    }

    /**
     * Once the store is open, the pool's configured minimum of idle connections ({@code minimum-idle}, by default its
     * maximum size) applies again: the pool opens them in the background at its next housekeeping (within 30 s), and
     * opens one at once whenever a request waits for one. Opening all of them while the service starts would take
     * its CPU from the start: on PostgreSQL each is a SCRAM authentication (4,096 HMAC rounds), on code the JIT has
     * not compiled yet.
     */
    void restoreMinimumIdle(HikariDataSource pool) {
        if (minimumIdle == UNSET) {
            return;
        }
        int configured = minimumIdle < 0 ? pool.getMaximumPoolSize() : minimumIdle;
        if (configured != pool.getMinimumIdle()) {
            pool.getHikariConfigMXBean().setMinimumIdle(configured);
        }
    }

    boolean inBackground() {
        return inBackground;
    }

    /**
     * Called by the opening once the store is ready for requests: {@link #await} returns; the opening may still do
     * work that requests do not need to wait for (the pool's first connection).
     */
    void ready() {
        opened.complete(null);
    }

    /** Runs the opening, here or on a thread of its own. */
    void open(Runnable opening) {
        started = true;
        if (!inBackground) {
            opening.run();
            opened.complete(null);
            return;
        }
        Thread.ofPlatform().name("petstore-store-opening").daemon().start(() -> {
            try {
                opening.run();
                opened.complete(null);
            } catch (Throwable failure) {
                opened.completeExceptionally(failure);
            }
        });
    }

    /**
     * Waits until the store is open (at once when it opened as the datasource was created, or no store was created);
     * throws what made the opening fail.
     */
    public void await() {
        if (!started) {
            return;
        }
        try {
            opened.join();
        } catch (CompletionException e) {
            throw unchecked(e.getCause());
        }
    }

    /** What a thread of the opening failed with, to throw as it was: an error is thrown here. */
    private static RuntimeException unchecked(Throwable failure) {
        if (failure instanceof Error error) {
            throw error;
        }
        return failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
    }

    /**
     * The pool's data source: the connection the opening offers, once, then new connections made as the pool's own
     * would be ({@link #directConnections}).
     */
    static final class HandOver implements DataSource {

        private final DataSource connections;
        private final AtomicReference<Connection> offered = new AtomicReference<>();

        HandOver(DataSource connections) {
            this.connections = connections;
        }

        void offer(Connection connection) {
            offered.set(connection);
        }

        void closeUnclaimed() {
            Connection unclaimed = offered.getAndSet(null);
            if (unclaimed != null) {
                try {
                    unclaimed.close();
                } catch (SQLException e) {
                    // it was not in use: nothing is lost
                }
            }
        }

        /** The offered connection, once, if it is still open; otherwise null. */
        private Connection offered() throws SQLException {
            Connection connection = offered.getAndSet(null);
            if (connection != null && !connection.isClosed()) {
                return connection;
            }
            return null;
        }

        @Override
        public Connection getConnection() throws SQLException {
            Connection connection = offered();
            return connection != null ? connection : connections.getConnection();
        }

        @Override
        public Connection getConnection(String username, String password) throws SQLException {
            Connection connection = offered();
            return connection != null ? connection : connections.getConnection(username, password);
        }

        @Override
        public PrintWriter getLogWriter() throws SQLException {
            return connections.getLogWriter();
        }

        @Override
        public void setLogWriter(PrintWriter out) throws SQLException {
            connections.setLogWriter(out);
        }

        @Override
        public void setLoginTimeout(int seconds) throws SQLException {
            connections.setLoginTimeout(seconds);
        }

        @Override
        public int getLoginTimeout() throws SQLException {
            return connections.getLoginTimeout();
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            return connections.getParentLogger();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            return connections.unwrap(type);
        }

        @Override
        public boolean isWrapperFor(Class<?> type) throws SQLException {
            return connections.isWrapperFor(type);
        }
    }
}
