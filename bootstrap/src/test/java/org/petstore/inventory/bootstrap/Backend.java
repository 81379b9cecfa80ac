package org.petstore.inventory.bootstrap;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/**
 * The database an end-to-end test runs the application on. The same backend object always points at the same
 * database, so a test can stop the application and start it again on the same data.
 */
interface Backend {

    /** The configuration that selects this backend, as an operator would set it. */
    Map<String, Object> properties();

    /** The embedded default: H2 files in a directory, with the demo data it loads by default. */
    static Backend h2(Path dataDir) {
        return () -> Map.of("petstore.data-dir", dataDir.toString());
    }

    /** A fresh database on the test PostgreSQL server, with the demo data explicitly enabled. */
    static Backend postgresqlWithDemoData() {
        Map<String, Object> properties = new HashMap<>(TestPostgres.newDatabase());
        properties.put("petstore.demo-data", true);
        return () -> properties;
    }

    /** A fresh database on the test PostgreSQL server, configured as an operator would: no demo data. */
    static Backend postgresql() {
        Map<String, Object> properties = Map.copyOf(TestPostgres.newDatabase());
        return () -> properties;
    }
}
