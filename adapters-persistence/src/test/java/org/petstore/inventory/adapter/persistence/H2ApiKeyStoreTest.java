package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The API key store's contract on H2, the embedded default backend. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2ApiKeyStoreTest extends JdbcApiKeyStoreTest {
}
