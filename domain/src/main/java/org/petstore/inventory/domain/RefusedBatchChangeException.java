package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * One change of a batch was refused, so none of the batch was made. It names the change by its place in the batch
 * ({@code index}, from 0) and carries why it was refused; the adapter that took the batch words both.
 */
public final class RefusedBatchChangeException extends DomainException {

    private final int index;
    private final DomainException refusal;

    public RefusedBatchChangeException(int index, DomainException refusal) {
        super("change " + index + " of the batch: " + Objects.requireNonNull(refusal, "refusal").getMessage());
        this.index = index;
        this.refusal = refusal;
    }

    /** The refused change's place in the batch, from 0. */
    public int index() {
        return index;
    }

    /** Why the change was refused: not found, out of range, invalid, its pet again. */
    public DomainException refusal() {
        return refusal;
    }
}
