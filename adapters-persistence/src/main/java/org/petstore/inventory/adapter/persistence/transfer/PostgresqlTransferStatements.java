package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;

/**
 * Exporting, loading and copying on PostgreSQL. The driver streams a large result through a server-side cursor when
 * the statement has a fetch size and runs in a transaction. The staging tables are temporary tables of the load's
 * transaction ({@code ON COMMIT DROP}; a rollback drops them too), filled with {@code COPY ... FROM STDIN}, the
 * fastest way into PostgreSQL, then analyzed (autovacuum never analyzes temporary tables), so that the checks and the
 * apply run as hash joins. The updates are {@code UPDATE ... FROM}: one join instead of a subquery per row.
 */
final class PostgresqlTransferStatements implements TransferStatements {

    private static final String CREATE_STAGED_PET = """
            CREATE TEMPORARY TABLE staged_pet (
                line BIGINT NOT NULL, id BIGINT NOT NULL, name VARCHAR(100) NOT NULL, status VARCHAR(16) NOT NULL,
                quantity INTEGER, version BIGINT) ON COMMIT DROP""";

    private static final String CREATE_STAGED_ORDER = """
            CREATE TEMPORARY TABLE staged_order (
                line BIGINT NOT NULL, id BIGINT NOT NULL, pet_id BIGINT NOT NULL, quantity INTEGER NOT NULL,
                ship_date TIMESTAMP WITH TIME ZONE NOT NULL, status VARCHAR(16) NOT NULL, complete BOOLEAN NOT NULL)
            ON COMMIT DROP""";

    @Override
    public void beginStreaming(Connection connection) {
        // a fetch size inside a transaction is enough
    }

    @Override
    public void endStreaming(Connection connection) {
        // nothing to undo
    }

    /** The server (by the time it started and its port) and the database's name. */
    @Override
    public String identity(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery(
                     "SELECT pg_postmaster_start_time(), inet_server_port(), current_database()")) {
            row.next();
            return "postgresql:" + row.getString(1) + ":" + row.getString(2) + "/" + row.getString(3);
        }
    }

    @Override
    public void createStaging(Connection connection, boolean withOrders) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(CREATE_STAGED_PET);
            if (withOrders) {
                statement.execute(CREATE_STAGED_ORDER);
            }
        }
    }

    @Override
    public StagingWriter stagingWriter(Connection connection) throws SQLException {
        return new CopyStagingWriter(connection.unwrap(PGConnection.class).getCopyAPI());
    }

    @Override
    public void staged(Connection connection, boolean withOrders) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE staged_pet");
            if (withOrders) {
                statement.execute("ANALYZE staged_order");
            }
        }
    }

    @Override
    public void dropStaging(Connection connection) {
        // ON COMMIT DROP, and a rollback undoes the CREATE
    }

    @Override
    public String updateChangedEntries() {
        return """
                UPDATE inventory_item i SET quantity = s.quantity, version = i.version + 1
                FROM staged_pet s JOIN pet p ON p.id = s.id
                WHERE s.id = i.pet_id AND s.quantity IS NOT NULL AND (s.quantity <> i.quantity OR s.status <> p.status)""";
    }

    @Override
    public String updateChangedPets() {
        return """
                UPDATE pet p SET name = s.name, status = s.status
                FROM staged_pet s
                WHERE s.id = p.id AND (s.name <> p.name OR s.status <> p.status)""";
    }

    @Override
    public String updateChangedOrders() {
        return """
                UPDATE store_order o
                SET pet_id = s.pet_id, quantity = s.quantity, ship_date = s.ship_date, status = s.status,
                    complete = s.complete
                FROM staged_order s
                WHERE s.id = o.id AND %s""".formatted(ORDER_CHANGED);
    }
}
