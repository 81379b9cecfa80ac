package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Webhooks on the embedded H2 default: one process, which holds every subscription's lease. */
class H2WebhooksEndToEndTest extends WebhooksEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }
}
