package org.petstore.inventory.adapter.persistence;

import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.pattern.ValidatePattern;

/**
 * How Flyway migrates the store of the default datasource: the schema migrations ({@code classpath:db/migration});
 * the demo data is not a migration ({@link DemoData} loads it afterwards, into an empty store only).
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

    @Override
    public void customizeFluentConfiguration(FluentConfiguration configuration) {
        configuration.ignoreMigrationPatterns(
                ValidatePattern.fromPattern(FUTURE_MAY_BE_APPLIED),
                ValidatePattern.fromPattern(APPLIED_REPEATABLE_MAY_BE_GONE));
    }

    @Override
    public String getName() {
        return "default";
    }
}
