package org.petstore.inventory.adapter.persistence.webhook;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;

/** The webhooks' store contract on PostgreSQL, the production backend: a real server and a fresh database. */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlWebhookStoreTest extends WebhookStoreContract implements TestPropertyProvider {

    private final Map<String, String> database = TestPostgres.newDatabase();

    @Override
    public Map<String, String> getProperties() {
        return database;
    }

    @Override
    Map<String, String> databaseProperties() {
        return database;
    }
}
