package org.petstore.inventory.adapter.persistence;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;

/** The rule of a change of count in H2's SQL decides as the domain does. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2ChangeRuleTest extends JdbcChangeRuleTest {
}
