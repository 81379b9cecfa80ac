package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.petstore.inventory.adapter.persistence.StatusColumns;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/** Stages rows with batched prepared {@code INSERT}s, {@value #BATCH} rows per round trip. */
final class BatchStagingWriter implements StagingWriter {

    static final int BATCH = 1000;

    private final Connection connection;
    private PreparedStatement pets;
    private PreparedStatement orders;
    private int batched;

    BatchStagingWriter(Connection connection) {
        this.connection = connection;
    }

    @Override
    public void pet(long line, CatalogueEntry entry) throws SQLException {
        if (pets == null) {
            pets = connection.prepareStatement(
                    "INSERT INTO staged_pet (line, id, name, status, quantity, version) VALUES (?, ?, ?, ?, ?, ?)");
        }
        pets.setLong(1, line);
        pets.setLong(2, entry.petId().value());
        pets.setString(3, entry.pet().name());
        pets.setString(4, StatusColumns.valueOf(entry.pet().status()));
        pets.setObject(5, entry.stock().map(stock -> stock.quantity().value()).orElse(null), Types.INTEGER);
        pets.setObject(6, entry.stock().map(stock -> stock.version().value()).orElse(null), Types.BIGINT);
        add(pets);
    }

    @Override
    public void order(long line, Order order) throws SQLException {
        if (orders == null) {
            flush(pets);
            orders = connection.prepareStatement("INSERT INTO staged_order "
                    + "(line, id, pet_id, quantity, ship_date, status, complete) VALUES (?, ?, ?, ?, ?, ?, ?)");
        }
        orders.setLong(1, line);
        orders.setLong(2, order.id().value());
        orders.setLong(3, order.petId().value());
        orders.setInt(4, order.quantity().value());
        orders.setObject(5, OffsetDateTime.ofInstant(order.shipDate(), ZoneOffset.UTC));
        orders.setString(6, StatusColumns.valueOf(order.status()));
        orders.setBoolean(7, order.complete());
        add(orders);
    }

    @Override
    public void finish() throws SQLException {
        try {
            flush(orders != null ? orders : pets);
        } finally {
            abandon();
        }
    }

    @Override
    public void abandon() {
        close(pets);
        close(orders);
        pets = null;
        orders = null;
        batched = 0;
    }

    private void add(PreparedStatement insert) throws SQLException {
        insert.addBatch();
        if (++batched == BATCH) {
            flush(insert);
        }
    }

    private void flush(PreparedStatement insert) throws SQLException {
        if (insert != null && batched > 0) {
            insert.executeBatch();
        }
        batched = 0;
    }

    private static void close(PreparedStatement statement) {
        if (statement != null) {
            try {
                statement.close();
            } catch (SQLException ignored) {
                // the load rolls back; the statement goes with the connection's state
            }
        }
    }
}
