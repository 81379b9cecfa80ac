package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.Optional;

/**
 * Where the inventory database is and how long a request may wait for it: {@code datasources.default.url}
 * ({@code DATASOURCES_DEFAULT_URL}) and {@code datasources.default.connection-timeout}
 * ({@code DATASOURCES_DEFAULT_CONNECTION_TIMEOUT}, see {@link DatabaseDeadlines}). The rest of the datasource
 * (credentials, pool) is read by Micronaut's own datasource configuration.
 *
 * @param url               the JDBC URL; its prefix selects the backend
 * @param connectionTimeout the milliseconds within which every database call of a request is answered; unset: the
 *                          pool's default
 */
@ConfigurationProperties("datasources.default")
public record DatabaseConfiguration(@Nullable String url, @Nullable Long connectionTimeout) {

    /** The backend the URL points at; empty for a database the service does not support. */
    public Optional<DatabaseBackend> backend() {
        return DatabaseBackend.forUrl(url);
    }

    /** The URL with any password in it replaced, fit for a log line. */
    public String redactedUrl() {
        return DatabaseBackend.redact(url);
    }
}
