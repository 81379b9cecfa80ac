package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import java.util.Optional;

/**
 * Where the inventory database is: {@code datasources.default.url} (environment: {@code DATASOURCES_DEFAULT_URL}).
 * The rest of the datasource (credentials, pool) is read by Micronaut's own datasource configuration.
 *
 * @param url the JDBC URL; its prefix selects the backend
 */
@ConfigurationProperties("datasources.default")
record DatabaseConfiguration(@Nullable String url) {

    /** The backend the URL points at; empty for a database the service does not support. */
    Optional<DatabaseBackend> backend() {
        return DatabaseBackend.forUrl(url);
    }

    /** The URL with any password in it replaced, fit for a log line. */
    String redactedUrl() {
        return DatabaseBackend.redact(url);
    }
}
