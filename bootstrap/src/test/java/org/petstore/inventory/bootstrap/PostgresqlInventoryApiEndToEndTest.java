package org.petstore.inventory.bootstrap;

import org.junit.jupiter.api.BeforeAll;

/** The inventory API on PostgreSQL, with the demo data enabled explicitly. */
class PostgresqlInventoryApiEndToEndTest extends InventoryApiEndToEndTest {

    @BeforeAll
    static void start() {
        startOn(Backend.postgresqlWithDemoData());
    }
}
