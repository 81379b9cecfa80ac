package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * One change of a batch was refused, so none of the batch was made. It names the change by its place in the batch,
 * {@code changes[index]} (from 0), and carries why it was refused.
 */
public final class RefusedBatchChangeException extends DomainException {

    private final int index;
    private final DomainException refusal;

    public RefusedBatchChangeException(int index, DomainException refusal) {
        super("changes[" + index + "]: " + Objects.requireNonNull(refusal, "refusal").getMessage()
                + (refusal instanceof StockLevelException ? "" : "; nothing was changed"));
        this.index = index;
        this.refusal = refusal;
    }

    public int index() {
        return index;
    }

    /** Why the change was refused: not found, stale, out of range, invalid. */
    public DomainException refusal() {
        return refusal;
    }
}
