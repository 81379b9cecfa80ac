package org.petstore.inventory.adapter.persistence.schema;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.stream.Stream;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;

/**
 * The inventory database's migrations, as Micronaut's Flyway integration runs them: the locations its configuration
 * names ({@code flyway.datasources.default.locations}: the portable migrations, {@code db/migration}), then the
 * migrations of the backend that {@code datasources.default.url} names, and of that one only
 * ({@link DatabaseBackend#vendorMigrations()}, e.g. {@code db/vendor/h2}). Flyway's own configuration has no
 * location that depends on the database; this is the integration's documented way to add one.
 */
@Singleton
@Named(AfterStoreMigration.STORE)
final class BackendMigrationLocations implements FlywayConfigurationCustomizer {

    private final DatabaseConfiguration database;

    BackendMigrationLocations(DatabaseConfiguration database) {
        this.database = database;
    }

    @Override
    public void customizeFluentConfiguration(FluentConfiguration flyway) {
        Location[] backend = database.backend().map(DatabaseBackend::vendorMigrations).stream()
                .flatMap(locations -> locations.stream().map(Location::new))
                .toArray(Location[]::new);
        flyway.locations(Stream.concat(Arrays.stream(flyway.getLocations()), Arrays.stream(backend))
                .distinct().toArray(Location[]::new));
    }

    @Override
    public @NonNull String getName() {
        return AfterStoreMigration.STORE;
    }
}
