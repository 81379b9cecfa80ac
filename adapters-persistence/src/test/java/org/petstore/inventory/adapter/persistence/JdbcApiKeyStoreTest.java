package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.List;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.ApiKeyStoreContract;

/**
 * The API key store's contract on a real database through the JDBC adapter ({@code access.JdbcApiKeyStore}), with
 * the schema built by the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcApiKeyStoreTest extends ApiKeyStoreContract {

    @Inject
    ApiKeyStore store;

    @Inject
    TransactionOperations<Connection> transactions;

    @Override
    protected ApiKeyStore store() {
        return store;
    }

    @Override
    protected void givenNoKeys() {
        new StoreTables(transactions).removeApiKeys();
    }

    @Override
    protected List<String> everythingStored() {
        return new StoreTables(transactions).everyValueOf("api_key", "api_key_secret");
    }
}
