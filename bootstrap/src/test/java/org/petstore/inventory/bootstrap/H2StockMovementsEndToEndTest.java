package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Stock movements on the embedded H2 default. */
class H2StockMovementsEndToEndTest extends StockMovementsEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }
}
