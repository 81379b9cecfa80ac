package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;

/**
 * Whether the demo data is loaded: {@code petstore.demo-data} (environment: {@code PETSTORE_DEMO_DATA}).
 *
 * @param demoData {@code true} or {@code false}; unset ({@code null}): on for the embedded H2 database, off for
 *                 PostgreSQL
 */
@ConfigurationProperties("petstore")
record DemoDataConfiguration(@Nullable Boolean demoData) {

    /** Whether the demo data is loaded into the given database. */
    boolean loadsInto(DatabaseConfiguration database) {
        return demoData != null ? demoData : database.backend().filter(DatabaseBackend.H2::equals).isPresent();
    }
}
