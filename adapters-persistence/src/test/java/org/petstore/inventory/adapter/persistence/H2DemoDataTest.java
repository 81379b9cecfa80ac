package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The demo data on H2, where it is loaded when {@code petstore.demo-data} is not set. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@Property(name = "datasources.default.url",
        value = "jdbc:h2:mem:demo-data;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH")
class H2DemoDataTest extends DemoDataTest {
}
