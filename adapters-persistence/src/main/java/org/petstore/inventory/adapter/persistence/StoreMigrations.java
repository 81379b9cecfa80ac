package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Value;
import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.pattern.ValidatePattern;

/**
 * How Flyway migrates the store of the default datasource: the schema migrations ({@code classpath:db/migration}),
 * followed by the migrations of the configured backend only ({@link DatabaseBackend#vendorMigrations()}, e.g.
 * {@code classpath:db/vendor/h2}); the demo data is not a migration ({@link DemoData} loads it afterwards, into an
 * empty store only).
 *
 * <p>Earlier versions of the service loaded the demo data as a repeatable migration ({@code R__demo_inventory.sql}),
 * added to the migrations only while the demo data was on; a database that ever started with it records that
 * migration as applied. Flyway would refuse every later start that does not have it ("Detected applied migration
 * not resolved locally"), so a repeatable migration that was applied and is not here any more is not an error
 * ({@value #APPLIED_REPEATABLE_MAY_BE_GONE}); Flyway's default tolerance of migrations from a newer version of the
 * service ({@value #FUTURE_MAY_BE_APPLIED}) stays. The schema migrations are all versioned: a missing versioned one
 * still stops the start.
 *
 * <p>This customizer takes the place of micronaut-flyway's default one for the {@code default} datasource; the
 * service registers no Java migrations or callbacks that the default would have wired.
 */
@Singleton
@Named("default")
final class StoreMigrations implements FlywayConfigurationCustomizer {

    static final String APPLIED_REPEATABLE_MAY_BE_GONE = "repeatable:missing";
    static final String FUTURE_MAY_BE_APPLIED = "*:future";

    private final String url;

    StoreMigrations(@Value("${" + DatabaseBackend.URL_PROPERTY + ":}") String url) {
        this.url = url;
    }

    @Override
    public void customizeFluentConfiguration(FluentConfiguration configuration) {
        List<Location> locations = new ArrayList<>(List.of(configuration.getLocations()));
        DatabaseBackend.forUrl(url).ifPresent(backend -> backend.vendorMigrations().stream()
                .map(Location::new)
                .filter(location -> !locations.contains(location))
                .forEach(locations::add));
        configuration.locations(locations.toArray(Location[]::new));
        configuration.ignoreMigrationPatterns(
                ValidatePattern.fromPattern(FUTURE_MAY_BE_APPLIED),
                ValidatePattern.fromPattern(APPLIED_REPEATABLE_MAY_BE_GONE));
    }

    @Override
    public String getName() {
        return "default";
    }
}
