package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * What a change of one inventory entry comes to, as {@link EntryChange#decide} decides it on the entry as it is: the
 * count changes ({@link Changed}), it stays as it is ({@link Unchanged}: nothing to write, nothing to record), or the
 * change is refused ({@link Refusal}: the pet has no entry, the entry is not at an expected version, or a delta would
 * take the count out of 0 to {@link Quantity#MAX}). The decision carries what each outcome needs: the entries before
 * and after, the count and delta refused. Stores carry it; nobody decides it again.
 */
public sealed interface ChangeDecision {

    /** The pet whose entry the change is for. */
    PetId petId();

    /** The change is made: the entry as it will be stored. */
    sealed interface Accepted extends ChangeDecision {

        /** The entry as it is after the change (its next version, or as it was when nothing changes). */
        InventoryEntry after();

        @Override
        default PetId petId() {
            return after().petId();
        }
    }

    /** The count moves: {@code after} is {@code before} with the new count, at its next version. */
    record Changed(InventoryEntry before, InventoryEntry after) implements Accepted {

        public Changed {
            Objects.requireNonNull(before, "before");
            Objects.requireNonNull(after, "after");
        }
    }

    /** The count would stay as it is: the entry keeps its version, and nothing is written or recorded. */
    record Unchanged(InventoryEntry after) implements Accepted {

        public Unchanged {
            Objects.requireNonNull(after, "after");
        }
    }

    /** The change is refused; nothing changes. */
    sealed interface Refusal extends ChangeDecision {

        /** The refusal as the domain's exception, for the caller at the edge. */
        default DomainException exception() {
            return switch (this) {
                case NotFound(PetId petId) -> new InventoryEntryNotFoundException(petId);
                case Stale(PetId petId) -> new StaleInventoryEntryException(petId);
                case InsufficientStock(PetId petId, Quantity count, StockDelta delta) ->
                        new InsufficientStockException(petId, count, delta);
                case LimitExceeded(PetId petId, Quantity count, StockDelta delta) ->
                        new QuantityLimitExceededException(petId, count, delta);
            };
        }
    }

    /** No entry tracks the pet; nothing is created. */
    record NotFound(PetId petId) implements Refusal {

        public NotFound {
            Objects.requireNonNull(petId, "petId");
        }
    }

    /** The entry is at none of the versions the change expects: someone else changed it first. */
    record Stale(PetId petId) implements Refusal {

        public Stale {
            Objects.requireNonNull(petId, "petId");
        }
    }

    /** The delta would take the count, {@code count} when decided, below 0. */
    record InsufficientStock(PetId petId, Quantity count, StockDelta delta) implements Refusal {

        public InsufficientStock {
            Objects.requireNonNull(petId, "petId");
            Objects.requireNonNull(count, "count");
            Objects.requireNonNull(delta, "delta");
        }
    }

    /** The delta would take the count, {@code count} when decided, above {@link Quantity#MAX}. */
    record LimitExceeded(PetId petId, Quantity count, StockDelta delta) implements Refusal {

        public LimitExceeded {
            Objects.requireNonNull(petId, "petId");
            Objects.requireNonNull(count, "count");
            Objects.requireNonNull(delta, "delta");
        }
    }
}
