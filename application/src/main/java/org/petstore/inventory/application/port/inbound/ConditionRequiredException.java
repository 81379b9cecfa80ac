package org.petstore.inventory.application.port.inbound;

/**
 * This service accepts only conditional changes (each naming the versions of the entry it was made from), and a
 * change came without a condition; a batch's changes cannot carry one ({@link #inBatch}). Nothing was changed.
 */
public final class ConditionRequiredException extends RuntimeException {

    private final boolean inBatch;

    public ConditionRequiredException(boolean inBatch) {
        super(inBatch ? "a batch's changes carry no condition" : "the change carries no condition");
        this.inBatch = inBatch;
    }

    /** Whether the change came in a batch, whose changes cannot carry a condition. */
    public boolean inBatch() {
        return inBatch;
    }
}
