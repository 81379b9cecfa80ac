package org.petstore.inventory.bootstrap;

import java.util.Map;

/** The data commands on PostgreSQL: a fresh database per store. */
class PostgresqlDataCommandsEndToEndTest extends DataCommandsEndToEndTest {

    @Override
    Map<String, Object> newStore() {
        return Backend.postgresql().properties();
    }

    @Override
    Map<String, Object> newDemoStore() {
        return Backend.postgresqlWithDemoData().properties();
    }
}
