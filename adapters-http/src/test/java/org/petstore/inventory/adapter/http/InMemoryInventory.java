package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.petstore.inventory.application.port.inbound.AdjustStockCommand;
import org.petstore.inventory.application.port.inbound.AdjustStockUseCase;
import org.petstore.inventory.application.port.inbound.ApplyStockChangesUseCase;
import org.petstore.inventory.application.port.inbound.FindInventoryEntryUseCase;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.application.port.inbound.StockChangesCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockCommand;
import org.petstore.inventory.application.port.inbound.UpdateStockUseCase;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StaleInventoryEntryException;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockLevelException;
import org.petstore.inventory.domain.StockMovement;

/**
 * The use cases the HTTP adapter calls, replaced by an in-memory fake that keeps to their contracts: the list is in
 * ascending {@code petId} order with its version, an update changes only the quantity and moves the entry to its next
 * version (one to the current count changes nothing: the entry keeps its version, nothing is recorded), an update
 * expecting another version is {@link StaleInventoryEntryException}, and an unknown pet is
 * {@link InventoryEntryNotFoundException}. An adjustment moves the count by its delta in one step (by the domain's
 * {@link EntryChange} rule: {@link StockLevelException} out of 0..2147483647); a batch makes every change or none,
 * refusing the first change that fails as {@link RefusedBatchChangeException}. Under an idempotency key, the first
 * outcome (the entries, or the refusal of the store) is kept with the request's fingerprint and given again for the
 * same scope, key and fingerprint; another fingerprint is {@link IdempotencyKeyConflictException} (reused). It records
 * every command, so a test can prove that a rejected request never reached the use case, and counts the lists handed
 * out, so a test can prove that a 304 read none.
 */
@Singleton
final class InMemoryInventory implements ListInventoryUseCase, FindInventoryEntryUseCase, UpdateStockUseCase,
        ReadStockChangesUseCase, AdjustStockUseCase, ApplyStockChangesUseCase {

    /** Where every test starts: all three statuses, and a petId (10) that sorts after 2 only as a number. */
    static final List<InventoryEntry> SEED = List.of(
            item(1, 12, PetStatus.AVAILABLE),
            item(2, 0, PetStatus.SOLD),
            item(10, 3, PetStatus.PENDING));

    private final SortedMap<Long, InventoryEntry> items = new TreeMap<>();
    private final List<UpdateStockCommand> updates = new ArrayList<>();
    private final List<AdjustStockCommand> adjustments = new ArrayList<>();
    private final List<StockChangesCommand> batches = new ArrayList<>();
    /** The outcomes kept under idempotency keys, by scope and key. */
    private final Map<List<String>, Kept> kept = new HashMap<>();
    private final List<StockChange> changes = new ArrayList<>();
    private long removedThrough;
    private RuntimeException nextFailure;
    private Supplier<Stream<InventoryEntry>> nextList;
    private InventoryVersion nextListVersion;
    private final AtomicInteger listsOpened = new AtomicInteger();
    private final AtomicInteger listsClosed = new AtomicInteger();
    private final AtomicInteger versionsRead = new AtomicInteger();
    private final AtomicLong entriesRead = new AtomicLong();
    private final AtomicLong changesRead = new AtomicLong();

    /** Back to {@link #SEED}, with no update recorded. */
    synchronized void reset() {
        items.clear();
        updates.clear();
        adjustments.clear();
        batches.clear();
        kept.clear();
        changes.clear();
        removedThrough = 0;
        nextFailure = null;
        nextList = null;
        entriesRead.set(0);
        changesRead.set(0);
        SEED.reversed().forEach(item -> items.put(item.petId().value(), item));
    }

    /** No entries at all. */
    synchronized void clear() {
        items.clear();
    }

    /** Entries for pets 1 to {@code count}, their status and quantity cycling, instead of the current ones. */
    synchronized void fill(int count) {
        items.clear();
        PetStatus[] statuses = PetStatus.values();
        for (int petId = 1; petId <= count; petId++) {
            items.put((long) petId, item(petId, petId % 1000, statuses[petId % statuses.length]));
        }
    }

    /**
     * The next list holds pets 1 to {@code count} as {@link #fill(int)} makes them, generated while it is read (so
     * that it may be longer than memory allows); after {@code failAfter} entries it fails with {@code fault}, as a
     * database that goes away in the middle of a read, unless {@code fault} is null.
     */
    synchronized void generateNextList(long count, long failAfter, RuntimeException fault) {
        nextListVersion = new InventoryVersion(count, count, 0);
        nextList = () -> LongStream.rangeClosed(1, count).mapToObj(petId -> {
            if (fault != null && petId > failAfter) {
                throw fault;
            }
            entriesRead.set(petId);
            return item(petId, (int) (petId % 1000), PetStatus.values()[(int) (petId % PetStatus.values().length)]);
        });
    }

    /** Lists handed out and not closed yet. */
    int openLists() {
        return listsOpened.get() - listsClosed.get();
    }

    /** Lists handed out since the start. */
    int listsOpened() {
        return listsOpened.get();
    }

    /** Versions of the list asked for without the list since the start. */
    int versionsRead() {
        return versionsRead.get();
    }

    /** How many entries of a generated list were read. */
    long entriesRead() {
        return entriesRead.get();
    }

    /** The next call of either use case fails with this fault, as a broken backend would. */
    synchronized void failNextCallWith(RuntimeException fault) {
        nextFailure = fault;
    }

    @Override
    public synchronized InventorySnapshot listInventory() {
        throwPendingFailure();
        Supplier<Stream<InventoryEntry>> list = nextList;
        nextList = null;
        InventoryVersion version;
        Stream<InventoryEntry> entries;
        if (list == null) {
            List<InventoryEntry> current = List.copyOf(items.values());
            version = InventoryVersion.of(current);
            entries = current.stream();
        } else {
            version = nextListVersion;
            entries = list.get();
        }
        listsOpened.incrementAndGet();
        return new InventorySnapshot(version, entries.onClose(listsClosed::incrementAndGet));
    }

    @Override
    public synchronized InventoryVersion currentInventoryVersion() {
        throwPendingFailure();
        versionsRead.incrementAndGet();
        // the version the next list will have, as the port promises
        return nextList != null ? nextListVersion : InventoryVersion.of(List.copyOf(items.values()));
    }

    @Override
    public synchronized InventoryEntry findInventoryEntry(PetId petId) {
        throwPendingFailure();
        InventoryEntry entry = items.get(petId.value());
        if (entry == null) {
            throw new InventoryEntryNotFoundException(petId);
        }
        return entry;
    }

    /** The entries as they are now. */
    synchronized List<InventoryEntry> entries() {
        return List.copyOf(items.values());
    }

    @Override
    public synchronized InventoryEntry updateStock(UpdateStockCommand command) {
        updates.add(command);
        throwPendingFailure();
        return change(new EntryChange(command.petId(), new StockMovement.SetTo(command.quantity()),
                command.expected(), command.origin()));
    }

    @Override
    public synchronized InventoryEntry adjustStock(AdjustStockCommand command) {
        adjustments.add(command);
        throwPendingFailure();
        EntryChange change = new EntryChange(command.petId(), new StockMovement.AdjustBy(command.delta()),
                command.expected(), command.origin());
        return idempotently(command.idempotency(), () -> List.of(change(change))).getFirst();
    }

    @Override
    public synchronized List<InventoryEntry> applyStockChanges(StockChangesCommand command) {
        batches.add(command);
        throwPendingFailure();
        return idempotently(command.idempotency(), () -> changeAll(command.changes()));
    }

    /** Every change or none: each is tried on the entries as they are, and all are made only if none is refused. */
    private List<InventoryEntry> changeAll(List<EntryChange> batch) {
        for (int i = 0; i < batch.size(); i++) {
            EntryChange change = batch.get(i);
            InventoryEntry current = items.get(change.petId().value());
            try {
                if (current == null) {
                    throw new InventoryEntryNotFoundException(change.petId());
                }
                change.applyTo(current);
            } catch (InventoryEntryNotFoundException | StaleInventoryEntryException | StockLevelException refused) {
                throw new RefusedBatchChangeException(i, refused);
            }
        }
        return batch.stream().map(this::change).toList();
    }

    /** What the first request with an idempotency key had: its fingerprint, and its entries or its refusal. */
    private record Kept(String fingerprint, List<InventoryEntry> entries, DomainException refusal) {

        List<InventoryEntry> replay() {
            if (refusal != null) {
                throw refusal;
            }
            return entries;
        }
    }

    /**
     * The outcome of {@code changes} (the entries, or the store's refusal), kept under the key when there is one; the
     * kept outcome for a retry with the same fingerprint; reused for another fingerprint.
     */
    private List<InventoryEntry> idempotently(Optional<IdempotentRequest> idempotency,
                                             Supplier<List<InventoryEntry>> changes) {
        if (idempotency.isEmpty()) {
            return changes.get();
        }
        IdempotentRequest request = idempotency.get();
        List<String> scopedKey = List.of(request.scope(), request.key());
        Kept first = kept.get(scopedKey);
        if (first != null) {
            if (!first.fingerprint().equals(request.fingerprint())) {
                throw new IdempotencyKeyConflictException(IdempotencyKeyConflictException.Reason.REUSED);
            }
            return first.replay();
        }
        try {
            List<InventoryEntry> entries = changes.get();
            kept.put(scopedKey, new Kept(request.fingerprint(), entries, null));
            return entries;
        } catch (InventoryEntryNotFoundException | StaleInventoryEntryException | StockLevelException
                 | RefusedBatchChangeException refused) {
            kept.put(scopedKey, new Kept(request.fingerprint(), null, refused));
            throw refused;
        }
    }

    /** Makes one change of an entry by the domain's rule, recording it in the ledger when the count changes. */
    private InventoryEntry change(EntryChange change) {
        InventoryEntry current = items.get(change.petId().value());
        if (current == null) {
            throw new InventoryEntryNotFoundException(change.petId());
        }
        InventoryEntry changed = change.applyTo(current);
        if (changed != current) {
            items.put(changed.petId().value(), changed);
            changes.add(new StockChange(changes.isEmpty() ? removedThrough + 1 : changes.getLast().changeId() + 1,
                    changed.petId(), current.quantity(), changed.quantity(), changed.version(), Instant.now(),
                    change.origin()));
        }
        return changed;
    }

    /**
     * Records {@code count} more changes of pet 1's count, as a ledger that already holds them would read them (the
     * entry itself is left as it is).
     */
    synchronized void recordChanges(int count) {
        ChangeOrigin origin = UpdateStockCommand.of(1, 0).origin();
        for (int i = 0; i < count; i++) {
            long changeId = changes.isEmpty() ? removedThrough + 1 : changes.getLast().changeId() + 1;
            changes.add(new StockChange(changeId, new PetId(1), Quantity.of(changeId % 1000),
                    Quantity.of((changeId + 1) % 1000), EntryVersion.of(changeId + 1), Instant.now(), origin));
        }
    }

    /** Removes the changes up to this id, as the ledger's retention does. */
    synchronized void removeChangesThrough(long changeId) {
        changes.removeIf(change -> change.changeId() <= changeId);
        removedThrough = changeId;
    }

    /** The changes recorded so far, oldest first, as the stock ledger keeps them. */
    synchronized List<StockChange> changes() {
        return List.copyOf(changes);
    }

    @Override
    public synchronized List<StockChange> changesOf(PetId petId, long beforeChangeId, int limit) {
        throwPendingFailure();
        if (!items.containsKey(petId.value())) {
            throw new InventoryEntryNotFoundException(petId);
        }
        return changes.reversed().stream()
                .filter(change -> change.petId().equals(petId) && change.changeId() < beforeChangeId)
                .limit(limit)
                .toList();
    }

    @Override
    public synchronized List<StockChange> changesAfter(long afterChangeId, int limit) {
        throwPendingFailure();
        if (afterChangeId < removedThrough) {
            throw new ExpiredChangeCursorException(afterChangeId, removedThrough,
                    changes.isEmpty() ? removedThrough : changes.getLast().changeId());
        }
        List<StockChange> page = changes.stream().filter(change -> change.changeId() > afterChangeId).limit(limit)
                .toList();
        changesRead.addAndGet(page.size());
        return page;
    }

    /** How many changes the feed's reads returned so far. */
    long changesRead() {
        return changesRead.get();
    }

    private void throwPendingFailure() {
        RuntimeException fault = nextFailure;
        nextFailure = null;
        if (fault != null) {
            throw fault;
        }
    }

    /** The update commands the use case received, in order. */
    synchronized List<UpdateStockCommand> updates() {
        return List.copyOf(updates);
    }

    /**
     * The update commands the use case received, in order, each with the origin of {@link UpdateStockCommand#of}
     * instead of its own (the key's and the request's ids differ from run to run): what was asked, not by whom.
     */
    synchronized List<UpdateStockCommand> updatesAsked() {
        return updates.stream().map(command -> new UpdateStockCommand(command.petId(), command.quantity(),
                command.expected(), UpdateStockCommand.of(1, 0).origin())).toList();
    }

    /** The adjustment commands the use case received, in order. */
    synchronized List<AdjustStockCommand> adjustments() {
        return List.copyOf(adjustments);
    }

    /** The batches the use case received, in order. */
    synchronized List<StockChangesCommand> batches() {
        return List.copyOf(batches);
    }

    /** The rejected request never reached the use case, and the inventory is still {@link #SEED}. */
    synchronized void assertUntouched() {
        assertEquals(List.of(), updates, "update commands received");
        assertEquals(List.of(), adjustments, "adjustment commands received");
        assertEquals(List.of(), batches, "batches received");
        assertEquals(SEED, List.copyOf(items.values()), "inventory");
    }

    static InventoryEntry item(long petId, int quantity, PetStatus status) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), status);
    }
}
