package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * How a change moves one entry's stock count: to a count ({@link SetTo}: a PATCH, a batch's {@code quantity}), or by
 * a delta ({@link AdjustBy}: an adjustment, a batch's {@code delta}). {@link EntryChange#decide} applies it.
 */
public sealed interface StockMovement {

    /** The count this movement asks for, from {@code current}; a delta may ask for one out of 0 to the maximum. */
    long countAfter(Quantity current);

    /** The count becomes this one, whatever it was. */
    record SetTo(Quantity quantity) implements StockMovement {

        public SetTo {
            Objects.requireNonNull(quantity, "quantity");
        }

        @Override
        public long countAfter(Quantity current) {
            return quantity.value();
        }
    }

    /** The count moves by the delta. */
    record AdjustBy(StockDelta delta) implements StockMovement {

        public AdjustBy {
            Objects.requireNonNull(delta, "delta");
        }

        @Override
        public long countAfter(Quantity current) {
            return (long) current.value() + delta.value();
        }
    }
}
