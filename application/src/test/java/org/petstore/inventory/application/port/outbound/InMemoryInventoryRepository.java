package org.petstore.inventory.application.port.outbound;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockLevelException;

/**
 * An in-memory {@link InventoryRepository} with its {@link StockLedger} and {@link IdempotencyClaims}: the fake the application's tests run
 * against. It passes the same contract suites as the real backends. It counts the streams that were opened and not yet closed, as a database
 * counts the connections its open cursors hold.
 */
public final class InMemoryInventoryRepository implements InventoryRepository, StockLedger, IdempotencyClaims {

    private final ConcurrentSkipListMap<Long, InventoryEntry> items = new ConcurrentSkipListMap<>();
    private final AtomicInteger openStreams = new AtomicInteger();
    private final List<StockChange> changes = new ArrayList<>();
    private long lastChangeId;
    private long removedThrough;
    private final Map<List<String>, Key> keys = new HashMap<>();
    private long lastToken;
    private final Clock clock = Clock.systemUTC();

    public void store(InventoryEntry... entries) {
        for (InventoryEntry entry : entries) {
            items.put(entry.petId().value(), entry);
        }
    }

    /** Entries for pets 1 to {@code count}, as {@link InventoryRepositoryContract#numbered} describes them. */
    public void storeNumbered(int count) {
        for (long petId = 1; petId <= count; petId++) {
            items.put(petId, InventoryRepositoryContract.numbered(petId));
        }
    }

    public void clear() {
        items.clear();
    }

    /** The snapshots of {@link #streamAll()} opened and not closed yet. */
    public int openStreams() {
        return openStreams.get();
    }

    @Override
    public InventorySnapshot streamAll() {
        List<InventoryEntry> snapshot = List.copyOf(items.values());
        AtomicBoolean closed = new AtomicBoolean();
        openStreams.incrementAndGet();
        Stream<InventoryEntry> entries = snapshot.stream().onClose(() -> {
            if (closed.compareAndSet(false, true)) {
                openStreams.decrementAndGet();
            }
        });
        return new InventorySnapshot(InventoryVersion.of(snapshot), entries);
    }

    @Override
    public InventoryVersion currentVersion() {
        return InventoryVersion.of(List.copyOf(items.values()));
    }

    @Override
    public Optional<InventoryEntry> findByPetId(PetId petId) {
        return Optional.ofNullable(items.get(petId.value()));
    }

    /** Changes are made and recorded one at a time, under this object's lock: change ids in the order of the changes. */
    @Override
    public synchronized StockUpdate change(EntryChange change) {
        InventoryEntry current = items.get(change.petId().value());
        if (current == null) {
            return new StockUpdate.NotFound();
        }
        try {
            return new StockUpdate.Updated(make(current, change));
        } catch (StaleInventoryEntryException stale) {
            return new StockUpdate.Stale();
        } catch (StockLevelException outOfRange) {
            return new StockUpdate.OutOfRange(current.quantity());
        }
    }

    @Override
    public synchronized ChangesOutcome changeAll(List<EntryChange> changes,
            Optional<IdempotencyClaims.Claimed> claim) {
        if (claim.isPresent() && !claimed(claim.get())) {
            throw new IdempotencyKeyConflictException(IdempotencyKeyConflictException.Reason.IN_FLIGHT);
        }
        Map<Long, InventoryEntry> before = new HashMap<>(items);
        int changesBefore = this.changes.size();
        long lastIdBefore = lastChangeId;
        List<InventoryEntry> entries = new ArrayList<>();
        ChangesOutcome outcome = null;
        for (int i = 0; i < changes.size() && outcome == null; i++) {
            StockUpdate update = change(changes.get(i));
            if (update instanceof StockUpdate.Updated updated) {
                entries.add(updated.entry());
            } else {
                outcome = new ChangesOutcome.Refused(i, update);
            }
        }
        if (outcome != null) { // all or nothing: undo the changes made before the refused one
            items.clear();
            items.putAll(before);
            this.changes.subList(changesBefore, this.changes.size()).clear();
            lastChangeId = lastIdBefore;
        } else {
            outcome = new ChangesOutcome.Applied(entries);
        }
        if (claim.isPresent()) {
            keys.put(scoped(claim.get().request()), new Key(claim.get().request().fingerprint(), -1, outcome));
        }
        return outcome;
    }

    private InventoryEntry make(InventoryEntry current, EntryChange change) {
        InventoryEntry updated = change.applyTo(current);
        if (updated != current) {
            items.put(updated.petId().value(), updated);
            changes.add(new StockChange(++lastChangeId, updated.petId(), current.quantity(), updated.quantity(),
                    updated.version(), clock.instant(), change.origin()));
        }
        return updated;
    }

    /** A kept key: the fingerprint of its request, the token of its claim while running, then its outcome. */
    private record Key(String fingerprint, long token, ChangesOutcome outcome) {
    }

    @Override
    public synchronized IdempotencyClaims.Claim claim(IdempotentRequest request) {
        Key key = keys.get(scoped(request));
        if (key == null) {
            long token = ++lastToken;
            keys.put(scoped(request), new Key(request.fingerprint(), token, null));
            return new IdempotencyClaims.Claimed(request, token);
        }
        if (!key.fingerprint().equals(request.fingerprint())) {
            return new IdempotencyClaims.Reused();
        }
        return key.outcome() == null ? new IdempotencyClaims.InFlight() : new IdempotencyClaims.Kept(key.outcome());
    }

    @Override
    public synchronized void release(IdempotencyClaims.Claimed claim) {
        if (claimed(claim)) {
            keys.remove(scoped(claim.request()));
        }
    }

    /** The keys kept, running or with their outcome. */
    public synchronized int keptKeys() {
        return keys.size();
    }

    private boolean claimed(IdempotencyClaims.Claimed claim) {
        Key key = keys.get(scoped(claim.request()));
        return key != null && key.outcome() == null && key.token() == claim.token();
    }

    private static List<String> scoped(IdempotentRequest request) {
        return List.of(request.scope(), request.key());
    }

    @Override
    public synchronized List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        return changes.reversed().stream()
                .filter(change -> change.petId().equals(petId) && change.changeId() < beforeChangeId)
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized List<StockChange> changesAfter(long afterChangeId, int limit) {
        return changes.stream().filter(change -> change.changeId() > afterChangeId).limit(limit).toList();
    }

    @Override
    public synchronized long removedThrough() {
        return removedThrough;
    }

    @Override
    public synchronized long newestChangeId() {
        return lastChangeId;
    }

    /** Removes the changes up to this id, as retention does. */
    public synchronized void removeThrough(long changeId) {
        changes.removeIf(change -> change.changeId() <= changeId);
        removedThrough = Math.max(removedThrough, changeId);
    }
}
