package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Managed keys on the embedded H2 default. (The launcher's {@code keys} on the files a running service holds:
 * {@code DataCommandsProcessTest}.)
 */
class H2ManagedKeysEndToEndTest extends ManagedKeysEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }
}
