package org.petstore.inventory.domain;

/**
 * A reader's cursor in the stock ledger is older than the oldest change kept: changes after it have been removed by
 * retention, so following on from it would miss them. The reader must read the list again and follow from the newest
 * change.
 */
public final class ExpiredChangeCursorException extends DomainException {

    private final long cursor;
    private final long newestChangeId;

    public ExpiredChangeCursorException(long cursor, long removedThrough, long newestChangeId) {
        super("Changes after " + cursor + " up to " + removedThrough + " are no longer kept: read the list again "
                + "(GET /v1/inventory), then follow the changes after " + newestChangeId);
        this.cursor = cursor;
        this.newestChangeId = newestChangeId;
    }

    public long cursor() {
        return cursor;
    }

    /** The newest change when the cursor was refused: a list read after it is followed from here. */
    public long newestChangeId() {
        return newestChangeId;
    }
}
