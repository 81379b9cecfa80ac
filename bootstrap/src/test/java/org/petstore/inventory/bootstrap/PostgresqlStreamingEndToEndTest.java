package org.petstore.inventory.bootstrap;

import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;

/** A long inventory list streamed from its cursor on PostgreSQL. */
class PostgresqlStreamingEndToEndTest extends StreamingEndToEndTest {

    @BeforeAll
    static void start() throws SQLException {
        String range = "FROM generate_series(" + FIRST_SEEDED + ", " + (FIRST_SEEDED + SEEDED - 1) + ") AS r(x)";
        startWithALongList(Backend.postgresqlWithDemoData(),
                "INSERT INTO pet (id, name, status) SELECT r.x, 'Pet ' || r.x, 'available' " + range,
                "INSERT INTO inventory_item (pet_id, quantity) SELECT r.x, r.x % 100 " + range);
    }
}
