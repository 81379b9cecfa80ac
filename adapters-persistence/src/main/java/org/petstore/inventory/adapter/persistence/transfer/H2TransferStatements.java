package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Exporting, loading and copying on H2. A large result streams only when the session executes queries lazily
 * ({@code LAZY_QUERY_EXECUTION}, see {@link H2InventoryStatements}). The staging tables are cached local temporary
 * tables (rows on disk, not in the heap), indexed on their ids for the checks' lookups; H2 commits the open
 * transaction on {@code CREATE INDEX}, so they are made first, while the load's transaction holds nothing yet. The
 * updates are portable SQL (correlated subqueries), which H2 runs with index lookups.
 */
final class H2TransferStatements implements TransferStatements {

    private static final String[] CREATE_STAGED_PET = {
        """
        CREATE CACHED LOCAL TEMPORARY TABLE staged_pet (
            line BIGINT NOT NULL, id BIGINT NOT NULL, name VARCHAR(100) NOT NULL, status VARCHAR(16) NOT NULL,
            quantity INTEGER, version BIGINT)""",
        "CREATE INDEX staged_pet_id ON staged_pet (id)"
    };

    private static final String[] CREATE_STAGED_ORDER = {
        """
        CREATE CACHED LOCAL TEMPORARY TABLE staged_order (
            line BIGINT NOT NULL, id BIGINT NOT NULL, pet_id BIGINT NOT NULL, quantity INTEGER NOT NULL,
            ship_date TIMESTAMP WITH TIME ZONE NOT NULL, status VARCHAR(16) NOT NULL, complete BOOLEAN NOT NULL)""",
        "CREATE INDEX staged_order_id ON staged_order (id)"
    };

    @Override
    public void beginStreaming(Connection connection) throws SQLException {
        execute(connection, "SET LAZY_QUERY_EXECUTION TRUE");
    }

    @Override
    public void endStreaming(Connection connection) throws SQLException {
        execute(connection, "SET LAZY_QUERY_EXECUTION FALSE");
    }

    /** The database's files (directory and name), or the name of an in-memory database. */
    @Override
    public String identity(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT DATABASE_PATH(), DATABASE()")) {
            row.next();
            String path = row.getString(1);
            return path != null ? "h2:file:" + path : "h2:mem:" + row.getString(2);
        }
    }

    @Override
    public void createStaging(Connection connection, boolean withOrders) throws SQLException {
        dropStaging(connection);
        execute(connection, CREATE_STAGED_PET);
        if (withOrders) {
            execute(connection, CREATE_STAGED_ORDER);
        }
    }

    @Override
    public StagingWriter stagingWriter(Connection connection) {
        return new BatchStagingWriter(connection);
    }

    @Override
    public void staged(Connection connection, boolean withOrders) {
        // the indexes are kept up to date as the rows come
    }

    @Override
    public void dropStaging(Connection connection) throws SQLException {
        execute(connection, "DROP TABLE IF EXISTS staged_order", "DROP TABLE IF EXISTS staged_pet");
    }

    @Override
    public String updateChangedEntries() {
        return """
                UPDATE inventory_item
                SET quantity = (SELECT s.quantity FROM staged_pet s WHERE s.id = inventory_item.pet_id),
                    version = version + 1
                WHERE EXISTS (SELECT 1 FROM staged_pet s JOIN pet p ON p.id = s.id
                              WHERE s.id = inventory_item.pet_id AND s.quantity IS NOT NULL
                                AND (s.quantity <> inventory_item.quantity OR s.status <> p.status))""";
    }

    @Override
    public String updateChangedPets() {
        return """
                UPDATE pet SET (name, status) = (SELECT s.name, s.status FROM staged_pet s WHERE s.id = pet.id)
                WHERE EXISTS (SELECT 1 FROM staged_pet s
                              WHERE s.id = pet.id AND (s.name <> pet.name OR s.status <> pet.status))""";
    }

    @Override
    public String updateChangedOrders() {
        return """
                UPDATE store_order o SET (pet_id, quantity, ship_date, status, complete) =
                    (SELECT s.pet_id, s.quantity, s.ship_date, s.status, s.complete FROM staged_order s WHERE s.id = o.id)
                WHERE EXISTS (SELECT 1 FROM staged_order s WHERE s.id = o.id AND %s)""".formatted(ORDER_CHANGED);
    }


    private static void execute(Connection connection, String... statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
