package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.petstore.inventory.adapter.persistence.testing.TestPostgres;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;

/**
 * The repository contract on PostgreSQL, the production backend: a real server and a fresh database.
 */
@MicronautTest(environments = "persistence-test", startApplication = false, transactional = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PostgresqlInventoryRepositoryTest extends JdbcInventoryRepositoryTest implements TestPropertyProvider {

    @Override
    public Map<String, String> getProperties() {
        return TestPostgres.newDatabase();
    }

    @Test
    void aConnectionLostWhileTheListIsReadFailsTheReadAsUnavailableAndReturnsTheConnection() {
        givenOnlyNumbered(LARGE);

        try (InventorySnapshot all = repository.streamAll()) {
            Iterator<InventoryEntry> entries = all.items().iterator();
            assertEquals(numbered(1), entries.next());

            terminateTheServerProcessOfTheList();

            assertThrows(StorageUnavailableException.class, () -> entries.forEachRemaining(entry -> { }));
        }
        assertEquals(0, activeConnections());
    }

    /** The list's connection is the only one in a transaction: its read-only cursor transaction. */
    private void terminateTheServerProcessOfTheList() {
        transactions.executeWrite(status -> {
            try (Statement statement = status.getConnection().createStatement();
                 ResultSet terminated = statement.executeQuery("""
                         SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity
                         WHERE datname = current_database() AND pid <> pg_backend_pid()
                           AND state = 'idle in transaction'""")) {
                assertTrue(terminated.next(), "the list's server process was not found");
                assertTrue(terminated.getBoolean(1), "the list's server process was not terminated");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            return null;
        });
    }
}
