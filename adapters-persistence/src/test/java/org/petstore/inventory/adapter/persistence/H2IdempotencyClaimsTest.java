package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The claims of idempotency keys on H2, the embedded default backend. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@Property(name = "datasources.default.connection-timeout", value = JdbcIdempotencyClaimsTest.DEADLINE_MILLIS)
class H2IdempotencyClaimsTest extends JdbcIdempotencyClaimsTest {
}
