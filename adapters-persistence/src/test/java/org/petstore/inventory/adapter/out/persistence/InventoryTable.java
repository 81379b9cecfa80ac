package org.petstore.inventory.adapter.out.persistence;

import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.petstore.inventory.domain.InventoryItem;

/**
 * Puts the {@code inventory_item} table of a test database into a known state, with plain JDBC in one transaction.
 */
final class InventoryTable {

    private final TransactionOperations<Connection> transactions;

    InventoryTable(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    void replaceWith(List<InventoryItem> items) {
        transactions.executeWrite(status -> {
            replaceWith(status.getConnection(), items);
            return null;
        });
    }

    private static void replaceWith(Connection connection, List<InventoryItem> items) {
        try (Statement delete = connection.createStatement();
             PreparedStatement insert = connection.prepareStatement(
                     "INSERT INTO inventory_item (pet_id, quantity, status) VALUES (?, ?, ?)")) {
            delete.executeUpdate("DELETE FROM inventory_item");
            for (InventoryItem item : items) {
                insert.setLong(1, item.petId().value());
                insert.setInt(2, item.quantity().value());
                insert.setString(3, item.status().wireValue());
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("could not prepare the inventory_item table", e);
        }
    }
}
