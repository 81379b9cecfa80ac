package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** The inventory API on the embedded default: H2 files, demo data loaded by default. */
class H2InventoryApiEndToEndTest extends InventoryApiEndToEndTest {

    @TempDir
    static Path dataDir;

    @BeforeAll
    static void start() {
        startOn(Backend.h2(dataDir));
    }
}
