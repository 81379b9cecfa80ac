package org.petstore.inventory.application.service;

import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.application.port.outbound.StorageUnavailableException;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

/**
 * A stock ledger a test appends to directly: each change sets pet {@code id % 7 + 1} to a count equal to its change
 * id, at the clock's time. Retention is {@link #removeThrough}; the ledger can be made unreachable. Thread-safe.
 */
final class FakeStockLedger implements StockLedger {

    private final Clock clock;
    private final List<StockChange> changes = new ArrayList<>();
    private long newest;
    private long removedThrough;
    private volatile boolean unavailable;
    /** The cursors {@link #changesAfter} was asked after, in order. */
    private final List<Long> readsAfter = new ArrayList<>();

    FakeStockLedger(Clock clock) {
        this.clock = clock;
    }

    /** Records {@code count} more changes; answers the newest change id. */
    synchronized long append(int count) {
        for (int i = 0; i < count; i++) {
            long id = ++newest;
            changes.add(new StockChange(id, PetId.of(id % 7 + 1), Quantity.of(id - 1), Quantity.of(id),
                    EntryVersion.of(id), clock.instant().truncatedTo(ChronoUnit.MICROS),
                    ChangeOrigin.api(null, null, null)));
        }
        return newest;
    }

    /** Whether {@link #changesAfter} has been asked for the changes after {@code changeId}. */
    synchronized boolean readAfter(long changeId) {
        return readsAfter.contains(changeId);
    }

    synchronized void removeThrough(long changeId) {
        changes.removeIf(change -> change.changeId() <= changeId);
        removedThrough = Math.max(removedThrough, changeId);
    }

    void unavailable(boolean unavailable) {
        this.unavailable = unavailable;
    }

    private void reachable() {
        if (unavailable) {
            throw new StorageUnavailableException("The ledger cannot be reached (a test made it so)",
                    new IllegalStateException("unreachable"));
        }
    }

    @Override
    public synchronized List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        reachable();
        return changes.reversed().stream()
                .filter(change -> change.petId().equals(petId) && change.changeId() < beforeChangeId)
                .limit(limit).toList();
    }

    @Override
    public synchronized List<StockChange> changesAfter(long afterChangeId, int limit) {
        reachable();
        readsAfter.add(afterChangeId);
        return changes.stream().filter(change -> change.changeId() > afterChangeId).limit(limit).toList();
    }

    @Override
    public synchronized long removedThrough() {
        reachable();
        return removedThrough;
    }

    @Override
    public synchronized long newestChangeId() {
        reachable();
        return newest;
    }
}
