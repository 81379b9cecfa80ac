package org.petstore.inventory.application.port.outbound;

import java.util.Objects;
import org.petstore.inventory.domain.InventoryItem;

/**
 * What became of a conditional change of an entry's quantity: it was made, or the pet has no entry, or the entry was
 * at none of the expected versions. In the last two cases nothing changed.
 */
public sealed interface StockUpdate {

    /** The change was made; the entry as stored, at its next version. */
    record Updated(InventoryItem entry) implements StockUpdate {

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
}
