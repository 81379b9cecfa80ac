package org.petstore.inventory.adapter.persistence.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.petstore.inventory.adapter.persistence.DatabaseConfiguration;

/** Whether the demo data is loaded: as configured, and when not configured, on H2 only. */
class DemoDataConfigurationTest {

    private static final DatabaseConfiguration H2 = new DatabaseConfiguration("jdbc:h2:file:./data/petstore", null);
    private static final DatabaseConfiguration POSTGRESQL = new DatabaseConfiguration("jdbc:postgresql://db/petstore", null);
    private static final DatabaseConfiguration UNKNOWN = new DatabaseConfiguration("jdbc:mysql://db/petstore", null);

    @Test
    void unsetMeansOnForH2AndOffForEveryOtherDatabase() {
        assertTrue(new DemoDataConfiguration(null).loadsInto(H2));
        assertFalse(new DemoDataConfiguration(null).loadsInto(POSTGRESQL));
        assertFalse(new DemoDataConfiguration(null).loadsInto(UNKNOWN));
    }

    @Test
    void aConfiguredValueDecidesOnEveryDatabase() {
        assertTrue(new DemoDataConfiguration(true).loadsInto(POSTGRESQL));
        assertTrue(new DemoDataConfiguration(true).loadsInto(H2));
        assertFalse(new DemoDataConfiguration(false).loadsInto(H2));
        assertFalse(new DemoDataConfiguration(false).loadsInto(POSTGRESQL));
    }
}
