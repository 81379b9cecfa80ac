package org.petstore.inventory.domain;

/** A batch of changes holds none, or more than its limit. */
public final class BatchSizeException extends DomainException {

    private final int size;
    private final int max;

    public BatchSizeException(int size, int max) {
        super("a batch holds 1 to " + max + " changes, got " + size);
        this.size = size;
        this.max = max;
    }

    /** How many changes the batch held. */
    public int size() {
        return size;
    }

    /** The most changes a batch may hold. */
    public int max() {
        return max;
    }
}
