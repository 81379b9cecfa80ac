package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/** The demo data on PostgreSQL, where it is loaded only when asked for. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlDemoDataTest extends DemoDataTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TestPostgres.newDatabase());
        properties.put("petstore.demo-data", "true");
        return properties;
    }
}
