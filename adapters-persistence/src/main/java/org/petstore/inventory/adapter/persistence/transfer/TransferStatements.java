package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import org.petstore.inventory.adapter.persistence.DatabaseBackend;
import org.petstore.inventory.adapter.persistence.StoreMapper;

/**
 * The SQL of exporting, loading and copying a whole store, and where the databases differ, how each does it
 * ({@link H2TransferStatements}, {@link PostgresqlTransferStatements}): not beans chosen by the configured URL, as
 * {@link InventoryStatements} are, since a copy works on two databases at once ({@link #of(DatabaseBackend)}). A load
 * stages its rows, each with its line number, in temporary tables of its connection ({@code staged_pet},
 * {@code staged_order}), then checks and applies them with set-based statements, in one transaction.
 */
interface TransferStatements {

    static TransferStatements of(DatabaseBackend backend) {
        return switch (backend) {
            case H2 -> new H2TransferStatements();
            case POSTGRESQL -> new PostgresqlTransferStatements();
        };
    }

    // ---- reading a whole store

    /** How much the store holds: pets, inventory entries, orders. */
    String SELECT_SIZE = """
            SELECT (SELECT COUNT(*) FROM pet), (SELECT COUNT(*) FROM inventory_item), (SELECT COUNT(*) FROM store_order)""";

    /** Every pet with its entry (quantity and version, or nulls), by id: see {@link StoreMapper#catalogueEntry}. */
    String SELECT_CATALOGUE = """
            SELECT p.id, p.name, p.status, i.quantity, i.version
            FROM pet p LEFT JOIN inventory_item i ON i.pet_id = p.id
            ORDER BY p.id""";

    /** Every order, by id: see {@link StoreMapper#order}. */
    String SELECT_ORDERS = """
            SELECT id, pet_id, quantity, ship_date, status, complete FROM store_order ORDER BY id""";

    /** Which changes the stock ledger keeps: see {@code JdbcStockLedger}. */
    String SELECT_LEDGER_RANGE = """
            SELECT r.removed_through, h.last_change_id FROM stock_ledger_retention r, stock_ledger_head h
            WHERE r.id = 1 AND h.id = 1""";

    /** Every change the stock ledger keeps, by id: see {@link StoreMapper#stockChange}. */
    String SELECT_CHANGES = "SELECT " + StoreMapper.STOCK_CHANGE_COLUMNS + " FROM stock_change ORDER BY change_id";

    /** Rows fetched per round trip when a whole store is read. */
    int FETCH_SIZE = 2000;

    /** Makes the connection, in an open transaction, produce a large result's rows as they are fetched. */
    void beginStreaming(Connection connection) throws SQLException;

    /** Undoes {@link #beginStreaming}, before the transaction ends. */
    void endStreaming(Connection connection) throws SQLException;

    /** Which database the connection reaches, equal for two connections to the same database. */
    String identity(Connection connection) throws SQLException;

    // ---- staging

    /** Creates the empty staging tables in the connection's open transaction ({@code staged_order} with orders). */
    void createStaging(Connection connection, boolean withOrders) throws SQLException;

    /** Writes staged rows into the staging tables, in the connection's open transaction. */
    StagingWriter stagingWriter(Connection connection) throws SQLException;

    /** After the last staged row: whatever makes the checks and the apply fast. */
    void staged(Connection connection, boolean withOrders) throws SQLException;

    /** Removes the staging tables, once the load's transaction has ended. */
    void dropStaging(Connection connection) throws SQLException;

    // ---- checks

    /** The staging tables. */
    String STAGED_PET = "staged_pet";
    String STAGED_ORDER = "staged_order";

    /** Rows of a staging table whose id was staged before: line, id, first line; in line order, at most parameter 1. */
    static String selectDuplicates(String stagingTable) {
        return "SELECT s.line, s.id, d.first_line FROM " + stagingTable + " s"
                + " JOIN (SELECT id, MIN(line) AS first_line FROM " + stagingTable
                + " GROUP BY id HAVING COUNT(*) > 1) d ON d.id = s.id"
                + " WHERE s.line > d.first_line ORDER BY s.line LIMIT ?";
    }

    /** How many rows of a staging table repeat an id staged before. */
    static String countDuplicates(String stagingTable) {
        return "SELECT COALESCE(SUM(n - 1), 0) FROM (SELECT COUNT(*) AS n FROM " + stagingTable
                + " GROUP BY id HAVING COUNT(*) > 1) d";
    }


    /** Staged orders whose pet is neither staged nor (in an upsert) stored: line, id, pet; at most parameter 1. */
    static String selectOrdersOfMissingPets(boolean replace) {
        return "SELECT s.line, s.id, s.pet_id FROM staged_order s WHERE " + orderOfMissingPet(replace)
                + " ORDER BY s.line LIMIT ?";
    }

    static String countOrdersOfMissingPets(boolean replace) {
        return "SELECT COUNT(*) FROM staged_order s WHERE " + orderOfMissingPet(replace);
    }

    /** The condition that an order {@code s} is for a pet neither staged nor (in an upsert) stored. */
    private static String orderOfMissingPet(boolean replace) {
        return "NOT EXISTS (SELECT 1 FROM staged_pet p WHERE p.id = s.pet_id)"
                + (replace ? "" : " AND NOT EXISTS (SELECT 1 FROM pet p WHERE p.id = s.pet_id)");
    }

    /** Orders of the store whose pet is not staged (a replace without orders would delete it): id, pet. */
    String SELECT_ORDERS_OF_DELETED_PETS = """
            SELECT o.id, o.pet_id FROM store_order o
            WHERE NOT EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = o.pet_id)
            ORDER BY o.id
            LIMIT ?""";

    String COUNT_ORDERS_OF_DELETED_PETS = """
            SELECT COUNT(*) FROM store_order o WHERE NOT EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = o.pet_id)""";

    // ---- changes

    /** Staged pets: all, new, changed (name, status or stock), losing their entry. */
    String COUNT_PET_CHANGES = """
            SELECT COUNT(*),
                   COALESCE(SUM(CASE WHEN p.id IS NULL THEN 1 ELSE 0 END), 0),
                   COALESCE(SUM(CASE WHEN p.id IS NOT NULL AND (p.name <> s.name OR p.status <> s.status
                                          OR i.quantity IS DISTINCT FROM s.quantity) THEN 1 ELSE 0 END), 0),
                   COALESCE(SUM(CASE WHEN i.pet_id IS NOT NULL AND s.quantity IS NULL THEN 1 ELSE 0 END), 0)
            FROM staged_pet s
            LEFT JOIN pet p ON p.id = s.id
            LEFT JOIN inventory_item i ON i.pet_id = s.id""";

    /** Stored pets that are not staged. */
    String COUNT_PETS_NOT_STAGED = """
            SELECT COUNT(*) FROM pet p WHERE NOT EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = p.id)""";

    /** The condition that a stored order {@code o} differs from its staged one {@code s}. */
    String ORDER_CHANGED = """
            (o.pet_id <> s.pet_id OR o.quantity <> s.quantity OR o.ship_date <> s.ship_date OR o.status <> s.status
             OR o.complete <> s.complete)""";

    /** Staged orders: all, new, changed. */
    String COUNT_ORDER_CHANGES = """
            SELECT COUNT(*),
                   COALESCE(SUM(CASE WHEN o.id IS NULL THEN 1 ELSE 0 END), 0),
                   COALESCE(SUM(CASE WHEN o.id IS NOT NULL AND %s THEN 1 ELSE 0 END), 0)
            FROM staged_order s LEFT JOIN store_order o ON o.id = s.id""".formatted(ORDER_CHANGED);

    /** Stored orders that are not staged. */
    String COUNT_ORDERS_NOT_STAGED = """
            SELECT COUNT(*) FROM store_order o WHERE NOT EXISTS (SELECT 1 FROM staged_order s WHERE s.id = o.id)""";

    // ---- applying, in this order (foreign keys: an order needs its pet, an entry its pet)

    /** A replace with orders: the orders that are not staged go. */
    String DELETE_ORDERS_NOT_STAGED = """
            DELETE FROM store_order WHERE NOT EXISTS (SELECT 1 FROM staged_order s WHERE s.id = store_order.id)""";

    /** A replace: the entries of pets not staged, or staged without stock, go; then {@link #COUNT_REMOVED_ENTRIES}. */
    String DELETE_ENTRIES_NOT_STAGED_WITH_STOCK = """
            DELETE FROM inventory_item
            WHERE NOT EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = inventory_item.pet_id AND s.quantity IS NOT NULL)""";

    /** An upsert: the entries of pets staged without stock go; then {@link #COUNT_REMOVED_ENTRIES}. */
    String DELETE_ENTRIES_STAGED_WITHOUT_STOCK = """
            DELETE FROM inventory_item
            WHERE EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = inventory_item.pet_id AND s.quantity IS NULL)""";

    /** Every entry goes ({@link #DELETE_EVERYTHING}); then {@link #COUNT_REMOVED_ENTRIES}. */
    String DELETE_ALL_ENTRIES = "DELETE FROM inventory_item";

    /**
     * Run right after each statement that deleted inventory entries, in its transaction, with the number deleted
     * (parameter 1): the removal count ({@code inventory_removals}, V4) is the third part of the list's version, which
     * would otherwise stay the same when an import removes one entry and adds another at the same version. No trigger:
     * a new statement that deletes entries must be added to {@link #DELETES_OF_ENTRIES}.
     */
    String COUNT_REMOVED_ENTRIES = "UPDATE inventory_removals SET removals = removals + ? WHERE id = 1";

    /** The statements that delete inventory entries: each one is followed by {@link #COUNT_REMOVED_ENTRIES}. */
    Set<String> DELETES_OF_ENTRIES = Set.of(DELETE_ENTRIES_NOT_STAGED_WITH_STOCK, DELETE_ENTRIES_STAGED_WITHOUT_STOCK,
            DELETE_ALL_ENTRIES);

    /** Entries whose quantity or pet's status changes, to the staged quantity and the next version; before the pets. */
    String updateChangedEntries();

    /** Existing pets whose name or status changes. */
    String updateChangedPets();

    String INSERT_NEW_PETS = """
            INSERT INTO pet (id, name, status)
            SELECT s.id, s.name, s.status FROM staged_pet s WHERE NOT EXISTS (SELECT 1 FROM pet p WHERE p.id = s.id)""";

    /** Existing orders that change. */
    String updateChangedOrders();

    String INSERT_NEW_ORDERS = """
            INSERT INTO store_order (id, pet_id, quantity, ship_date, status, complete)
            SELECT s.id, s.pet_id, s.quantity, s.ship_date, s.status, s.complete FROM staged_order s
            WHERE NOT EXISTS (SELECT 1 FROM store_order o WHERE o.id = s.id)""";

    /** A replace: the pets that are not staged go (their entries and orders are gone by now). */
    String DELETE_PETS_NOT_STAGED = """
            DELETE FROM pet WHERE NOT EXISTS (SELECT 1 FROM staged_pet s WHERE s.id = pet.id)""";

    /**
     * The stock ledger's records of the entries {@link #updateChangedEntries()} is about to change in quantity, run
     * just before it (parameter 1: the last change id so far, held by the load's transaction): the count before and
     * after, the version the update gives, source {@code import}. A change of a pet's status alone is not recorded.
     */
    String RECORD_CHANGED_ENTRIES = """
            INSERT INTO stock_change (change_id, pet_id, from_quantity, to_quantity, version, changed_at, source)
            SELECT ? + ROW_NUMBER() OVER (ORDER BY i.pet_id), i.pet_id, i.quantity, s.quantity, i.version + 1,
                   CURRENT_TIMESTAMP, 'import'
            FROM inventory_item i JOIN staged_pet s ON s.id = i.pet_id
            WHERE s.quantity IS NOT NULL AND s.quantity <> i.quantity""";

    /** The records of the entries {@link #INSERT_NEW_ENTRIES} is about to create, just before it, as the one above. */
    String RECORD_NEW_ENTRIES = """
            INSERT INTO stock_change (change_id, pet_id, from_quantity, to_quantity, version, changed_at, source)
            SELECT ? + ROW_NUMBER() OVER (ORDER BY s.id), s.id, NULL, s.quantity, s.version, CURRENT_TIMESTAMP, 'import'
            FROM staged_pet s
            WHERE s.quantity IS NOT NULL AND NOT EXISTS (SELECT 1 FROM inventory_item i WHERE i.pet_id = s.id)""";

    /** Entries for staged pets with stock that have none yet, at their staged version. */
    String INSERT_NEW_ENTRIES = """
            INSERT INTO inventory_item (pet_id, quantity, version)
            SELECT s.id, s.quantity, s.version FROM staged_pet s
            WHERE s.quantity IS NOT NULL AND NOT EXISTS (SELECT 1 FROM inventory_item i WHERE i.pet_id = s.id)""";

    // ---- carrying a ledger over (a copy)

    /** A change of another store's ledger, as it is: {@link StoreMapper#STOCK_CHANGE_COLUMNS} in order. */
    String COPY_CHANGE = "INSERT INTO stock_change (" + StoreMapper.STOCK_CHANGE_COLUMNS + ")"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** The last change id given (parameter 1). */
    String SET_LEDGER_HEAD = "UPDATE stock_ledger_head SET last_change_id = ? WHERE id = 1";

    /** How far retention removed the ledger (parameter 1). */
    String SET_LEDGER_REMOVED_THROUGH = "UPDATE stock_ledger_retention SET removed_through = ? WHERE id = 1";

    /** Empties the store, orders first, and its stock ledger, which then has given no change id. */
    String[] DELETE_EVERYTHING = {"DELETE FROM store_order", DELETE_ALL_ENTRIES, "DELETE FROM pet",
        "DELETE FROM stock_change", "UPDATE stock_ledger_head SET last_change_id = 0 WHERE id = 1",
        "UPDATE stock_ledger_retention SET removed_through = 0 WHERE id = 1"};
}
