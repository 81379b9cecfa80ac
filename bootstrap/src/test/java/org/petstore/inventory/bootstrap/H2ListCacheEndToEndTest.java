package org.petstore.inventory.bootstrap;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** The list-body cache on the embedded H2 default: a database in a directory of its own per store. */
class H2ListCacheEndToEndTest extends ListCacheEndToEndTest {

    private final AtomicInteger stores = new AtomicInteger();

    @Override
    Map<String, Object> newStore() {
        return Map.of("petstore.data-dir", files.resolve("h2-" + stores.incrementAndGet()).toString(),
                "petstore.demo-data", false);
    }
}
