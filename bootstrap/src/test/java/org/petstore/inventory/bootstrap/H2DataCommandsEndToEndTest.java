package org.petstore.inventory.bootstrap;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The data commands on the embedded H2 default: a database in a directory of its own per store. */
class H2DataCommandsEndToEndTest extends DataCommandsEndToEndTest {

    private final AtomicInteger stores = new AtomicInteger();

    @Override
    Map<String, Object> newStore() {
        return Map.of("petstore.data-dir", files.resolve("h2-" + stores.incrementAndGet()).toString(),
                "petstore.demo-data", false);
    }

    @Override
    Map<String, Object> newDemoStore() {
        return Map.of("petstore.data-dir", files.resolve("h2-" + stores.incrementAndGet()).toString());
    }
}
