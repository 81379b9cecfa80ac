package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * How a change moves one entry's stock count: to a count ({@link SetTo}, a PATCH, a batch's {@code quantity}), or by
 * a delta ({@link AdjustBy}, an adjustment, a batch's {@code delta}). Every store applies it by this rule
 * ({@link #applyTo}), in the same atomic step as it reads the count it applies it to.
 */
public sealed interface StockMovement {

    /**
     * The count after the movement of {@code current}.
     *
     * @throws InsufficientStockException      when the count would fall below 0
     * @throws QuantityLimitExceededException when the count would exceed {@link Quantity#MAX}
     */
    Quantity applyTo(PetId petId, Quantity current);

    /** The count becomes this one, whatever it was. */
    record SetTo(Quantity quantity) implements StockMovement {

        public SetTo {
            Objects.requireNonNull(quantity, "quantity");
        }

        @Override
        public Quantity applyTo(PetId petId, Quantity current) {
            return quantity;
        }
    }

    /** The count moves by the delta, and must stay from 0 to {@link Quantity#MAX}. */
    record AdjustBy(StockDelta delta) implements StockMovement {

        public AdjustBy {
            Objects.requireNonNull(delta, "delta");
        }

        @Override
        public Quantity applyTo(PetId petId, Quantity current) {
            long result = (long) current.value() + delta.value();
            if (result < Quantity.MIN) {
                throw new InsufficientStockException(petId, current, delta);
            }
            if (result > Quantity.MAX) {
                throw new QuantityLimitExceededException(petId, current, delta);
            }
            return Quantity.of(result);
        }
    }
}
