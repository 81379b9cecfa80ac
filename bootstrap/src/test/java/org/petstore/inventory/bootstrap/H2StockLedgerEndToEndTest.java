package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The stock ledger on the embedded H2 default. */
class H2StockLedgerEndToEndTest extends StockLedgerEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }
}
