package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** A long inventory list streamed from its cursor on the embedded H2 database. */
class H2StreamingEndToEndTest extends StreamingEndToEndTest {

    @TempDir
    static Path dataDir;

    @BeforeAll
    static void start() throws SQLException {
        // H2's SYSTEM_RANGE names its column X (quoted: names fold to lower case)
        String range = "FROM SYSTEM_RANGE(" + FIRST_SEEDED + ", " + (FIRST_SEEDED + SEEDED - 1) + ") r";
        startWithALongList(Backend.h2(dataDir),
                "INSERT INTO pet (id, name, status) SELECT r.\"X\", CONCAT('Pet ', r.\"X\"), 'available' " + range,
                "INSERT INTO inventory_item (pet_id, quantity) SELECT r.\"X\", MOD(r.\"X\", 100) " + range);
    }
}
