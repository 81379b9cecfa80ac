package org.petstore.inventory.adapter.persistence;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The inventory's hand-written SQL where the supported databases differ, and how each one reads the list from a
 * cursor. One implementation per backend, selected like the dialect repositories by the configured URL:
 * {@link H2InventoryStatements}, {@link PostgresqlInventoryStatements}. Every statement returns the entry's columns
 * by position: {@code pet_id}, {@code quantity}, the pet's {@code status} (see {@link StoreMapper#inventoryItem}).
 */
interface InventoryStatements extends RowCursor.Session {

    /** Every entry in {@code petId} order: the primary key's order, so a database can stream it from that index. */
    String SELECT_ALL = """
            SELECT i.pet_id, i.quantity, p.status
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            ORDER BY i.pet_id""";

    /** The entry of one pet (parameter 1: {@code pet_id}); no row when the pet has none. */
    String SELECT_ONE = """
            SELECT i.pet_id, i.quantity, p.status
            FROM inventory_item i JOIN pet p ON p.id = i.pet_id
            WHERE i.pet_id = ?""";

    /**
     * One statement that sets the quantity (parameter 1) of a pet's entry (parameter 2) and returns the entry as
     * stored, with its pet's status; no row, and nothing changed, when the pet has no entry.
     */
    String updateQuantityReturningEntry();

    /** Makes the connection read {@link #SELECT_ALL} from a cursor, a batch of rows at a time. */
    @Override
    void begin(Connection connection) throws SQLException;

    /** Undoes {@link #begin} once the cursor is closed, before the connection goes back to the pool. */
    @Override
    void end(Connection connection) throws SQLException;
}
