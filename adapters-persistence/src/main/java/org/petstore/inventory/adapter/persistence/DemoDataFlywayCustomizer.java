package org.petstore.inventory.adapter.persistence;

import io.micronaut.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Adds the demo data ({@code classpath:db/demo}) to the schema migrations of the default datasource.
 * {@link DemoDataConfiguration} decides; when {@code petstore.demo-data} is not set, demo data is loaded on the
 * embedded H2 database and not on PostgreSQL. The demo migration is repeatable and only inserts
 * entries that are missing, so stock levels changed through the API are never reset.
 *
 * <p>This customizer takes the place of micronaut-flyway's default one for the {@code default} datasource; the
 * service registers no Java migrations or callbacks that the default would have wired.
 */
@Singleton
@Named("default")
final class DemoDataFlywayCustomizer implements FlywayConfigurationCustomizer {

    static final String DEMO_LOCATION = "classpath:db/demo";

    private final boolean demoData;

    DemoDataFlywayCustomizer(DemoDataConfiguration demoData, DatabaseConfiguration database) {
        this.demoData = demoData.loadsInto(database);
    }

    @Override
    public void customizeFluentConfiguration(FluentConfiguration configuration) {
        if (!demoData) {
            return;
        }
        List<Location> locations = new ArrayList<>(Arrays.asList(configuration.getLocations()));
        locations.add(new Location(DEMO_LOCATION));
        configuration.locations(locations.toArray(Location[]::new));
    }

    @Override
    public String getName() {
        return "default";
    }
}
