package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * What became of changes made all or nothing ({@link InventoryRepository#changeAll}): all were made, or one was
 * refused and none was made. It is also what an {@link IdempotencyClaims idempotency key} keeps, and replays.
 */
public sealed interface ChangesOutcome {

    /** Every change was made: the entries as stored, in the order of the changes. */
    record Applied(List<InventoryEntry> entries) implements ChangesOutcome {

        public Applied {
            entries = List.copyOf(entries);
        }
    }

    /** The change at {@code index} (from 0) was refused for this reason, so none was made. */
    record Refused(int index, StockUpdate refusal) implements ChangesOutcome {

        public Refused {
            Objects.requireNonNull(refusal, "refusal");
            if (refusal instanceof StockUpdate.Updated || index < 0) {
                throw new IllegalArgumentException("A refusal is NotFound, Stale or OutOfRange at an index >= 0");
            }
        }
    }
}
