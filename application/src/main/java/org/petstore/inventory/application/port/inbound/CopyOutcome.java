package org.petstore.inventory.application.port.inbound;

import java.util.Objects;
import org.petstore.inventory.domain.StoreSize;

/** What became of a copy. Only {@link Copied} changed the target. */
public sealed interface CopyOutcome {

    /**
     * The store was copied and verified: the target holds the same rows, by count and by checksum.
     *
     * @param size     what was copied
     * @param changes  how many changes of the stock ledger were copied
     * @param checksum the checksum of every row, ledger included, equal on both sides (SHA-256, hexadecimal)
     * @param schema   the target's schema, e.g. "schema version 3"
     */
    record Copied(StoreSize size, long changes, String checksum, String schema) implements CopyOutcome {

        public Copied {
            Objects.requireNonNull(size, "size");
            Objects.requireNonNull(checksum, "checksum");
            Objects.requireNonNull(schema, "schema");
        }
    }

    /**
     * The target holds data (pets, orders or changes in its stock ledger) and the command did not say to replace it;
     * nothing changed.
     */
    record TargetNotEmpty(StoreSize target, long changes) implements CopyOutcome {

        public TargetNotEmpty {
            Objects.requireNonNull(target, "target");
        }
    }

    /** The target is the store itself; nothing changed. */
    record SameStore() implements CopyOutcome {
    }

    /**
     * Read back before committing, the target did not hold what was copied; the copy was rolled back, nothing changed.
     */
    record Mismatch(StoreSize source, long sourceChanges, String sourceChecksum, StoreSize target, long targetChanges,
            String targetChecksum) implements CopyOutcome {
    }
}
