package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** Pets and orders on H2, with the demo data. */
@MicronautTest(startApplication = false, transactional = false)
@Property(name = "datasources.default.url",
        value = "jdbc:h2:mem:store-reads;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH")
@Property(name = "petstore.demo-data", value = "true")
class H2StoreReadsTest extends StoreReadsTest {
}
