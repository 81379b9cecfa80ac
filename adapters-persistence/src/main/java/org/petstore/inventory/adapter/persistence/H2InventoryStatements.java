package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The inventory's SQL on H2.
 *
 * <p>H2 has no {@code UPDATE ... RETURNING}; its data change delta table does the same in one statement:
 * {@code SELECT ... FROM FINAL TABLE (UPDATE ...)}, joined to the pet for its status.
 *
 * <p>H2 computes a query's whole result before it returns the first row (in memory, then in a temporary file),
 * unless the session executes queries lazily ({@code LAZY_QUERY_EXECUTION}): then the rows are produced as they are
 * fetched. The list follows the primary key index of {@code inventory_item} ({@code EXPLAIN} says
 * {@code index sorted}: no sort step), so it streams: with a million entries and a 64 MiB heap the first row comes
 * within milliseconds instead of after the whole result was written to disk. Lazy execution is switched on for the
 * list's connection only, and off again before the connection goes back to the pool.
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.H2_URL)
final class H2InventoryStatements implements InventoryStatements {

    private static final String UPDATE_QUANTITY_RETURNING_ENTRY = """
            SELECT u.pet_id, u.quantity, p.status
            FROM FINAL TABLE (UPDATE inventory_item SET quantity = ? WHERE pet_id = ?) u
            JOIN pet p ON p.id = u.pet_id""";

    @Override
    public String updateQuantityReturningEntry() {
        return UPDATE_QUANTITY_RETURNING_ENTRY;
    }

    @Override
    public void begin(Connection connection) throws SQLException {
        lazyQueryExecution(connection, true);
    }

    @Override
    public void end(Connection connection) throws SQLException {
        lazyQueryExecution(connection, false);
    }

    private static void lazyQueryExecution(Connection connection, boolean lazy) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET LAZY_QUERY_EXECUTION " + (lazy ? "TRUE" : "FALSE"));
        }
    }
}
