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
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.StockChange;

/**
 * An in-memory {@link InventoryRepository} with its {@link StockLedger}: the fake the application's tests run against.
 * It passes the same contract suites as the real backends. It counts the streams that were opened and not yet closed,
 * as a database counts the connections its open cursors hold.
 */
public final class InMemoryInventoryRepository implements InventoryRepository, StockLedger {

    private final ConcurrentSkipListMap<Long, InventoryEntry> items = new ConcurrentSkipListMap<>();
    private final AtomicInteger openStreams = new AtomicInteger();
    private final List<StockChange> changes = new ArrayList<>();
    private long lastChangeId;
    private long removedThrough;
    private final Map<List<String>, Kept> keys = new HashMap<>();
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

    /**
     * Changes are decided and made one request at a time, under this object's lock: change ids in the order of the
     * changes. A key's outcome is kept with its fingerprint and answered again.
     */
    @Override
    public synchronized ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key) {
        if (key.isPresent()) {
            Kept kept = keys.get(scoped(key.get()));
            if (kept != null) {
                return kept.fingerprint().equals(key.get().fingerprint()) ? kept.outcome()
                        : new ChangeOutcome.KeyReused();
            }
        }
        List<ChangeDecision> decisions = EntryChange.decideAll(changes,
                petId -> Optional.ofNullable(items.get(petId.value())));
        ChangeOutcome outcome = ChangeOutcome.of(decisions);
        if (outcome instanceof ChangeOutcome.Applied) {
            for (int i = 0; i < decisions.size(); i++) {
                if (decisions.get(i) instanceof ChangeDecision.Changed(InventoryEntry before, InventoryEntry after)) {
                    items.put(after.petId().value(), after);
                    this.changes.add(new StockChange(++lastChangeId, after.petId(), before.quantity(),
                            after.quantity(), after.version(), clock.instant(), changes.get(i).origin()));
                }
            }
        }
        key.ifPresent(request -> keys.put(scoped(request), new Kept(request.fingerprint(), outcome)));
        return outcome;
    }

    /** A kept key: the fingerprint of its request, and its outcome. */
    private record Kept(String fingerprint, ChangeOutcome outcome) {
    }

    /** The keys kept. */
    public synchronized int keptKeys() {
        return keys.size();
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
