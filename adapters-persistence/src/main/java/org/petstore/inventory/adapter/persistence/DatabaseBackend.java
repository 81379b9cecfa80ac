package org.petstore.inventory.adapter.persistence;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The databases the service runs on. The backend follows from the configured JDBC URL
 * ({@code datasources.default.url}), so switching is configuration only.
 */
public enum DatabaseBackend {
    H2("H2 (embedded)", "jdbc:h2:"),
    POSTGRESQL("PostgreSQL", "jdbc:postgresql:");

    /** The property that holds the JDBC URL of the inventory database. */
    public static final String URL_PROPERTY = "datasources.default.url";

    private static final Pattern PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");

    private final String displayName;
    private final String urlPrefix;

    DatabaseBackend(String displayName, String urlPrefix) {
        this.displayName = displayName;
        this.urlPrefix = urlPrefix;
    }

    public String displayName() {
        return displayName;
    }

    public static Optional<DatabaseBackend> forUrl(String jdbcUrl) {
        if (jdbcUrl == null) {
            return Optional.empty();
        }
        String url = jdbcUrl.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(backend -> url.startsWith(backend.urlPrefix)).findFirst();
    }

    /** The URL with any password in it replaced, fit for a log line or an error message. */
    public static String redact(String jdbcUrl) {
        return jdbcUrl == null ? "(none)" : PASSWORD.matcher(jdbcUrl).replaceAll("$1****");
    }
}
