package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ApiKeyStore;
import org.petstore.inventory.application.port.outbound.ApiKeyStoreContract;
import org.petstore.inventory.domain.quota.Quota;

/**
 * The API key store's contract on a real database through the JDBC adapter ({@code access.JdbcApiKeyStore}), with
 * the schema built by the Flyway migrations. Each backend's subclass says which database.
 */
abstract class JdbcApiKeyStoreTest extends ApiKeyStoreContract {

    @Inject
    ApiKeyStore store;

    @Inject
    TransactionOperations<Connection> transactions;

    @Inject
    DataSource dataSource;

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

    /** Migration V10's checks: a key's quota is all three columns or none, each within the domain's bounds. */
    @Test
    void theSchemaKeepsAQuotaWholeAndWithinTheDomainsBounds() throws SQLException {
        store.add(key(1, T0), digest("one"));
        String id = id(1).value();

        try (Connection connection = DelegatingDataSource.unwrapDataSource(dataSource).getConnection();
             Statement update = connection.createStatement()) {
            assertAll(List.of("5, NULL, NULL", "NULL, 5, 5", "0, 1, 1", "1000001, 1, 1", "1, 0, 1",
                    "1, 10000001, 1", "1, 1, 0", "1, 1, 1001").stream().map(values -> () -> assertThrows(
                    SQLException.class, () -> update.executeUpdate(quota(id, values)), values)));
            assertEquals(null, store.find(id(1)).orElseThrow().quota(), "nothing was written");

            update.executeUpdate(quota(id, "1000000, 10000000, 1000"));
        }
        assertEquals(new Quota(Quota.MAX_PER_SECOND, Quota.MAX_BURST, Quota.MAX_LIVE_FEEDS),
                store.find(id(1)).orElseThrow().quota());
    }

    private static String quota(String id, String values) {
        String[] columns = values.split(", ");
        return "UPDATE api_key SET quota_per_second = " + columns[0] + ", quota_burst = " + columns[1]
                + ", quota_live_feeds = " + columns[2] + " WHERE id = '" + id + "'";
    }
}
