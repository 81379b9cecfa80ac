package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/**
 * The repository contract on an H2 database in files, as the service runs it, with every update forced to the disk
 * before it is answered ({@code petstore.h2.sync-writes}): the contract holds as it does without.
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@Property(name = "datasources.default.url", value = "jdbc:h2:file:./target/h2-sync-writes/petstore;MODE=PostgreSQL;"
        + "DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0")
@Property(name = "petstore.h2.sync-writes", value = "true")
class H2SyncWritesInventoryRepositoryTest extends JdbcInventoryRepositoryTest {
}
