package org.petstore.inventory.adapter.persistence.transfer;

import java.sql.SQLException;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.Order;

/**
 * Writes rows into a load's staging tables ({@code staged_pet}, {@code staged_order}), in batches: memory holds one
 * batch at most. Pets come before orders.
 */
interface StagingWriter {

    void pet(long line, CatalogueEntry entry) throws SQLException;

    void order(long line, Order order) throws SQLException;

    /** Writes what is still buffered; the staging tables then hold every row. */
    void finish() throws SQLException;

    /** Gives up what is buffered or in progress, so that the connection can roll back. Never fails. */
    void abandon();
}
