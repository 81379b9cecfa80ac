package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.petstore.inventory.domain.InventoryItem;

/**
 * Puts the inventory of a test database into a known state, with plain JDBC in one transaction: exactly the given
 * entries, each with its pet, and no orders.
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
             PreparedStatement insertPet = connection.prepareStatement(
                     "INSERT INTO pet (id, name, status) VALUES (?, ?, ?)");
             PreparedStatement insertItem = connection.prepareStatement(
                     "INSERT INTO inventory_item (pet_id, quantity) VALUES (?, ?)")) {
            delete.executeUpdate("DELETE FROM store_order");
            delete.executeUpdate("DELETE FROM inventory_item");
            delete.executeUpdate("DELETE FROM pet");
            for (InventoryItem item : items) {
                insertPet.setLong(1, item.petId().value());
                insertPet.setString(2, "Pet " + item.petId());
                insertPet.setString(3, item.status().wireValue());
                insertPet.addBatch();
                insertItem.setLong(1, item.petId().value());
                insertItem.setInt(2, item.quantity().value());
                insertItem.addBatch();
            }
            insertPet.executeBatch();
            insertItem.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("could not prepare the inventory_item table", e);
        }
    }
}
