package org.petstore.inventory.adapter.persistence;

import io.micronaut.transaction.TransactionOperations;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;

/**
 * Puts the tables of a test database into a known state, with plain JDBC in one transaction each.
 */
final class StoreTables {

    private final TransactionOperations<Connection> transactions;

    StoreTables(TransactionOperations<Connection> transactions) {
        this.transactions = transactions;
    }

    /** Exactly the given inventory entries at their versions, each with its pet (named {@code Pet <id>}), and no orders. */
    void replaceInventoryWith(List<InventoryEntry> entries) {
        run(connection -> {
            deleteEverything(connection);
            insertPets(connection, entries.stream()
                    .map(entry -> new Pet(entry.petId(), "Pet " + entry.petId(), entry.status())).toList());
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO inventory_item (pet_id, quantity, version) VALUES (?, ?, ?)")) {
                for (InventoryEntry entry : entries) {
                    insert.setLong(1, entry.petId().value());
                    insert.setInt(2, entry.quantity().value());
                    insert.setLong(3, entry.version().value());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
        });
    }

    /**
     * Exactly the entries of pets 1 to {@code count}, in two set-based statements, each with its pet
     * ({@code Pet <id>}), and no orders: quantity {@code id % 1000}; status {@code available}, {@code pending},
     * {@code sold} for {@code id % 3} = 1, 2, 0 (as the repository contract's {@code numbered} entries).
     */
    void replaceInventoryWithNumbered(int count) {
        run(connection -> {
            deleteEverything(connection);
            try (PreparedStatement pets = connection.prepareStatement("""
                    INSERT INTO pet (id, name, status)
                    SELECT x, CONCAT('Pet ', x),
                           CASE MOD(x, 3) WHEN 1 THEN 'available' WHEN 2 THEN 'pending' ELSE 'sold' END
                    FROM GENERATE_SERIES(1, ?) AS g(x)""");
                 PreparedStatement entries = connection.prepareStatement("""
                    INSERT INTO inventory_item (pet_id, quantity)
                    SELECT x, MOD(x, 1000) FROM GENERATE_SERIES(1, ?) AS g(x)""")) {
                pets.setInt(1, count);
                pets.executeUpdate();
                entries.setInt(1, count);
                entries.executeUpdate();
            }
        });
    }

    /** Exactly the given pets, with no inventory entries and no orders. */
    void replacePetsWith(List<Pet> pets) {
        run(connection -> {
            deleteEverything(connection);
            insertPets(connection, pets);
        });
    }

    /** Exactly the given orders, each with its pet (named {@code Pet <id>}), and no inventory entries. */
    void replaceOrdersWith(List<Order> orders) {
        run(connection -> {
            deleteEverything(connection);
            Set<Long> petIds = new TreeSet<>();
            orders.forEach(order -> petIds.add(order.petId().value()));
            insertPets(connection, petIds.stream()
                    .map(id -> new Pet(PetId.of(id), "Pet " + id, PetStatus.AVAILABLE))
                    .toList());
            insertOrders(connection, orders);
        });
    }

    private static void insertOrders(Connection connection, List<Order> orders) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO store_order "
                + "(id, pet_id, quantity, ship_date, status, complete) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (Order order : orders) {
                insert.setLong(1, order.id().value());
                insert.setLong(2, order.petId().value());
                insert.setInt(3, order.quantity().value());
                insert.setObject(4, OffsetDateTime.ofInstant(order.shipDate(), ZoneOffset.UTC));
                insert.setString(5, StatusColumns.valueOf(order.status()));
                insert.setBoolean(6, order.complete());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** Exactly the given pets, their entries at their versions, and the given orders. */
    void replaceWith(List<CatalogueEntry> pets, List<Order> orders) {
        run(connection -> {
            deleteEverything(connection);
            insertPets(connection, pets.stream().map(CatalogueEntry::pet).toList());
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO inventory_item (pet_id, quantity, version) VALUES (?, ?, ?)")) {
                for (CatalogueEntry entry : pets) {
                    if (entry.stock().isPresent()) {
                        insert.setLong(1, entry.petId().value());
                        insert.setInt(2, entry.stock().get().quantity().value());
                        insert.setLong(3, entry.stock().get().version().value());
                        insert.addBatch();
                    }
                }
                insert.executeBatch();
            }
            insertOrders(connection, orders);
        });
    }

    private static void deleteEverything(Connection connection) throws SQLException {
        try (Statement delete = connection.createStatement()) {
            delete.executeUpdate("DELETE FROM store_order");
            delete.executeUpdate("DELETE FROM inventory_item");
            delete.executeUpdate("DELETE FROM pet");
            delete.executeUpdate("UPDATE inventory_removals SET removals = 0");
        }
    }

    /** Sets how many inventory entries were ever removed, as if so many had been. */
    void setRemovals(long removals) {
        run(connection -> {
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE inventory_removals SET removals = ?")) {
                update.setLong(1, removals);
                update.executeUpdate();
            }
        });
    }

    private static void insertPets(Connection connection, List<Pet> pets) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO pet (id, name, status) VALUES (?, ?, ?)")) {
            for (Pet pet : pets) {
                insert.setLong(1, pet.id().value());
                insert.setString(2, pet.name());
                insert.setString(3, StatusColumns.valueOf(pet.status()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** Every idempotency key's claim dated back by this long, as if its instance had stopped that long ago. */
    void ageIdempotencyClaims(Duration age) {
        run(connection -> {
            try (PreparedStatement dateBack = connection.prepareStatement(
                    "UPDATE idempotency_key SET claimed_at = ?")) {
                dateBack.setObject(1, OffsetDateTime.now(ZoneOffset.UTC).minus(age));
                dateBack.executeUpdate();
            }
        });
    }

    /** No managed API key, no secret of one and no quota bucket of one. */
    void removeApiKeys() {
        run(connection -> {
            try (Statement delete = connection.createStatement()) {
                delete.executeUpdate("DELETE FROM quota_bucket");
                delete.executeUpdate("DELETE FROM quota_live_feed");
                delete.executeUpdate("DELETE FROM api_key_secret");
                delete.executeUpdate("DELETE FROM api_key");
            }
        });
    }

    /**
     * Every value of every row of the tables, each as the database renders it as text (nulls as {@code null}),
     * sorted: equal for two reads of tables that hold the same rows.
     */
    List<String> everyValueOf(String... tables) {
        return transactions.executeRead(status -> {
            List<String> values = new ArrayList<>();
            for (String table : tables) {
                try (Statement select = status.getConnection().createStatement();
                     ResultSet row = select.executeQuery("SELECT * FROM " + table)) {
                    while (row.next()) {
                        for (int column = 1; column <= row.getMetaData().getColumnCount(); column++) {
                            values.add(String.valueOf(row.getString(column)));
                        }
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException("could not read " + table, e);
                }
            }
            values.sort(null);
            return values;
        });
    }

    private void run(Work work) {
        transactions.executeWrite(status -> {
            try {
                work.on(status.getConnection());
            } catch (SQLException e) {
                throw new IllegalStateException("could not prepare the store's tables", e);
            }
            return null;
        });
    }

    private interface Work {
        void on(Connection connection) throws SQLException;
    }
}
