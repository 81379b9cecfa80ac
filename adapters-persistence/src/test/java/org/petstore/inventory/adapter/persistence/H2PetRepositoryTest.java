package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/**
 * The pet repository contract on H2, the embedded default backend (an in-memory database in PostgreSQL mode,
 * as the file database runs).
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2PetRepositoryTest extends JdbcPetRepositoryTest {
}
