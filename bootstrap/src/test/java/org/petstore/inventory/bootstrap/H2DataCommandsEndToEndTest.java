package org.petstore.inventory.bootstrap;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
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

    /** Into the target's H2 files, which a service in this JVM may hold open: the copy then shares its database. */
    @Override
    CommandRun copyReplacing(Map<String, Object> source, Map<String, Object> target) {
        return CommandRun.on(source, "copy", "--to", "jdbc:h2:file:" + target.get("petstore.data-dir") + "/petstore",
                "--replace");
    }

    /** The same URL as the service's (application.yml), so that this JVM shares the one open database. */
    @Override
    Connection connect(Map<String, Object> store) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:file:" + store.get("petstore.data-dir") + "/petstore;MODE=PostgreSQL;"
                + "DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;"
                + "TRACE_LEVEL_FILE=0", "sa", "");
    }

    @Override
    Map<String, Object> newDemoStore() {
        return Map.of("petstore.data-dir", files.resolve("h2-" + stores.incrementAndGet()).toString());
    }
}
