package org.petstore.inventory.domain;

/**
 * Which changes a stock ledger keeps: every change after {@code removedThrough} up to {@code newestChangeId}. Change
 * ids are given one after the other without gaps and retention removes the oldest first, so the ledger keeps exactly
 * {@link #kept()} changes; a follower whose cursor is below {@code removedThrough} has missed some.
 *
 * @param removedThrough the last change id retention removed (0: none)
 * @param newestChangeId the last change id given (0: none)
 */
public record LedgerRange(long removedThrough, long newestChangeId) {

    /** A ledger that never recorded a change. */
    public static final LedgerRange EMPTY = new LedgerRange(0, 0);

    public LedgerRange {
        if (removedThrough < 0 || newestChangeId < removedThrough) {
            throw new InvalidStockChangeException("A ledger keeps the changes after a removed id up to the newest one, "
                    + "0 <= removed <= newest; got removed through " + removedThrough + ", newest " + newestChangeId);
        }
    }

    /** How many changes the ledger keeps. */
    public long kept() {
        return newestChangeId - removedThrough;
    }
}
