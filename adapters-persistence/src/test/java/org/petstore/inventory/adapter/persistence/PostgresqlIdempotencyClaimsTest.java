package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/** The claims of idempotency keys on PostgreSQL, the production backend: a real server and a fresh database. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlIdempotencyClaimsTest extends JdbcIdempotencyClaimsTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>(TestPostgres.newDatabase());
        properties.put("datasources.default.connection-timeout", DEADLINE_MILLIS);
        return properties;
    }
}
