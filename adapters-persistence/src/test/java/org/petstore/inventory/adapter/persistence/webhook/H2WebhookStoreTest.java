package org.petstore.inventory.adapter.persistence.webhook;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.Map;

/** The webhooks' store contract on H2, the embedded default backend. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
class H2WebhookStoreTest extends WebhookStoreContract {

    @Override
    Map<String, String> databaseProperties() {
        return Map.of(); // the environment's own in-memory database
    }
}
