package org.petstore.inventory.application.port.inbound;

import java.util.Objects;

/**
 * What an import changes (or, in a dry run, would change).
 *
 * @param pets         the pets (with their stock) created, updated, unchanged and deleted
 * @param orders       the orders created, updated, unchanged and deleted; all zero when no orders file was given
 * @param stockRemoved pets that stay but lose their inventory entry (their line has no quantity); counted among the
 *                     updated pets as well
 */
public record ImportChanges(RowChanges pets, RowChanges orders, long stockRemoved) {

    public ImportChanges {
        Objects.requireNonNull(pets, "pets");
        Objects.requireNonNull(orders, "orders");
    }

    /** Whether anything would be deleted: a pet, an inventory entry or an order. */
    public boolean deletes() {
        return pets.deleted() > 0 || orders.deleted() > 0 || stockRemoved > 0;
    }

    /** Counts of rows by what becomes of them. */
    public record RowChanges(long created, long updated, long unchanged, long deleted) {

        public static final RowChanges NONE = new RowChanges(0, 0, 0, 0);
    }
}
