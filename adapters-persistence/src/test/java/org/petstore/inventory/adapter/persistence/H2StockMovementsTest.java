package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The stock movements' contract on H2, the embedded default backend. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2StockMovementsTest extends JdbcStockMovementsTest {
}
