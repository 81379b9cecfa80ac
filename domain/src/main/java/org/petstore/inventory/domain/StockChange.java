package org.petstore.inventory.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * One recorded change of an entry's stock count, as the stock ledger keeps it: its place in the ledger
 * ({@code changeId}, increasing over the whole store in the order the changes were made), the pet, the count before
 * ({@code from}; {@code null} when the change created the entry) and after ({@code to}), the entry's version after
 * the change, when the database made it, and its {@link ChangeOrigin}.
 */
public record StockChange(long changeId, PetId petId, Quantity from, Quantity to, EntryVersion version, Instant at,
        ChangeOrigin origin) {

    /** The first change id a ledger gives; a cursor of 0 is before every change. */
    public static final long FIRST_ID = 1;

    public StockChange {
        if (changeId < FIRST_ID) {
            throw new InvalidStockChangeException("A change id is at least " + FIRST_ID + ", got " + changeId);
        }
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(origin, "origin");
    }
}
