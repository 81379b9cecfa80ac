package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Demo data switched on and off over the embedded H2 files. */
class H2DemoDataSwitchEndToEndTest extends DemoDataSwitchEndToEndTest {

    @TempDir
    Path dataDir;

    @Override
    Backend newBackend() {
        return Backend.h2(dataDir);
    }

    /** The URL the service builds from {@code petstore.data-dir} (application.yml), with its schema settings. */
    @Override
    String[] jdbc(Backend backend) {
        return new String[] {"jdbc:h2:file:" + dataDir.resolve("petstore")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH", "sa", ""};
    }
}
