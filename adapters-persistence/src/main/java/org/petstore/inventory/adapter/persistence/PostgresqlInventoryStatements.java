package org.petstore.inventory.adapter.persistence;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The inventory's SQL on PostgreSQL.
 *
 * <p>The update is {@code UPDATE ... FROM pet ... RETURNING}: one round trip sets the quantity and returns the entry
 * with its pet's status.
 *
 * <p>The PostgreSQL driver reads a query's whole result before it returns the first row, unless the query runs inside
 * a transaction with a fetch size: then it reads through a server-side portal, {@link RowCursor#FETCH_SIZE} rows at a
 * time. So a list runs in a read-only transaction ({@code BEGIN READ ONLY}, which the driver sends together with the
 * query: no extra round trip), ended by a rollback (nothing was written) when the cursor is released. That
 * transaction is also where a statement reading the list's version would go, in the same snapshot as the rows
 * (with {@code REPEATABLE READ}).
 */
@Singleton
@Requires(property = DatabaseBackend.URL_PROPERTY, pattern = DatabaseBackend.POSTGRESQL_URL)
final class PostgresqlInventoryStatements implements InventoryStatements {

    private static final String UPDATE_QUANTITY_RETURNING_ENTRY = """
            UPDATE inventory_item i SET quantity = ?
            FROM pet p
            WHERE i.pet_id = ? AND p.id = i.pet_id
            RETURNING i.pet_id, i.quantity, p.status""";

    @Override
    public String updateQuantityReturningEntry() {
        return UPDATE_QUANTITY_RETURNING_ENTRY;
    }

    @Override
    public void begin(Connection connection) throws SQLException {
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
    }

    @Override
    public void end(Connection connection) throws SQLException {
        connection.rollback();
        connection.setReadOnly(false);
        connection.setAutoCommit(true);
    }
}
