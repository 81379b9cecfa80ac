package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.Quantity;

/**
 * What became of a change of one entry ({@link org.petstore.inventory.domain.EntryChange}): it was made (or it left
 * the count as it was), or the pet has no entry, or the entry was at none of the expected versions, or a delta would
 * take the count out of its range. In the last three cases nothing changed.
 */
public sealed interface StockUpdate {

    /** The entry as stored: at its next version, or as it was when the change left its count as it was. */
    record Updated(InventoryEntry entry) implements StockUpdate {

        public Updated {
            Objects.requireNonNull(entry, "entry");
        }
    }

    /** No entry tracks the pet; nothing was created. */
    record NotFound() implements StockUpdate {
    }

    /** The entry exists at a version that was not expected: someone changed it first. Nothing changed. */
    record Stale() implements StockUpdate {
    }

    /**
     * A delta would take the entry's count, {@code count} when it was read, below 0 or above the largest count.
     * Nothing changed.
     */
    record OutOfRange(Quantity count) implements StockUpdate {

        public OutOfRange {
            Objects.requireNonNull(count, "count");
        }
    }
}
