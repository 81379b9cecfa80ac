package org.petstore.inventory.adapter.persistence;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The databases the service runs on. The backend follows from the configured JDBC URL
 * ({@code datasources.default.url}), so switching is configuration only: each backend's dialect interface carries
 * {@code @Requires(property = URL_PROPERTY, pattern = ...)} with the same pattern as its entry here.
 */
public enum DatabaseBackend {
    H2("H2 (embedded)", DatabaseBackend.H2_URL, List.of("classpath:db/vendor/h2")),
    POSTGRESQL("PostgreSQL", DatabaseBackend.POSTGRESQL_URL, List.of("classpath:db/vendor/postgresql"));

    /** The schema migrations every backend runs: portable SQL. */
    public static final String MIGRATIONS = "classpath:db/migration";

    /** The property that holds the JDBC URL of the inventory database. */
    public static final String URL_PROPERTY = "datasources.default.url";

    /** The JDBC URLs of each backend, in any case, leading blanks allowed. */
    public static final String H2_URL = "(?is)\\s*jdbc:h2:.*";
    public static final String POSTGRESQL_URL = "(?is)\\s*jdbc:postgresql:.*";

    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

    private final String displayName;
    private final Pattern url;
    private final List<String> vendorMigrations;

    DatabaseBackend(String displayName, String urlPattern, List<String> vendorMigrations) {
        this.displayName = displayName;
        this.url = Pattern.compile(urlPattern);
        this.vendorMigrations = vendorMigrations;
    }

    public String displayName() {
        return displayName;
    }

    /**
     * The migrations of this backend only, numbered in the sequence of the portable ones ({@link #MIGRATIONS}): a
     * version is one portable migration or one in every backend's folder, so that it means the same release on every
     * database. Outside {@code db/migration}, which Flyway scans with its subfolders; added by
     * {@code schema.BackendMigrationLocations}.
     */
    public List<String> vendorMigrations() {
        return vendorMigrations;
    }

    /** Every migration location of the database a JDBC URL points at: the portable ones, then its backend's own. */
    public static List<String> migrationLocations(String jdbcUrl) {
        return Stream.concat(Stream.of(MIGRATIONS),
                forUrl(jdbcUrl).map(DatabaseBackend::vendorMigrations).orElse(List.of()).stream()).toList();
    }

    /** The backend a JDBC URL points at, matched as Micronaut matches the {@code @Requires} patterns. */
    public static Optional<DatabaseBackend> forUrl(String jdbcUrl) {
        if (jdbcUrl == null) {
            return Optional.empty();
        }
        return Arrays.stream(values()).filter(backend -> backend.url.matcher(jdbcUrl).matches()).findFirst();
    }

    /** The URL with any password in it replaced, fit for a log line or an error message. */
    public static String redact(String jdbcUrl) {
        return jdbcUrl == null ? "(none)" : PASSWORD.matcher(jdbcUrl).replaceAll("$1****");
    }
}
