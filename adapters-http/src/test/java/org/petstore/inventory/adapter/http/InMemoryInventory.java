package org.petstore.inventory.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Value;
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
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.ChangeStockUseCase;
import org.petstore.inventory.application.port.inbound.FindInventoryEntryUseCase;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.application.port.inbound.ListInventoryUseCase;
import org.petstore.inventory.application.port.inbound.ReadStockChangesUseCase;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.service.StockMovementService;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockMovement;

/**
 * The inventory behind the HTTP adapter, in memory: the read use cases, replaced by a fake that keeps to their
 * contracts (the list in ascending {@code petId} order with its version, an unknown pet is
 * {@link InventoryEntryNotFoundException}), and the store ({@link InventoryRepository}) under the application's own
 * {@link StockMovementService} ({@link Changes}), so that a change is decided by the domain's rule and its policy (the
 * condition it may require, the idempotency key) is the application's. The store makes changes all or nothing by
 * {@link EntryChange#decideAll}, records those that change a count in the ledger, and keeps each key's outcome with its
 * fingerprint, answering it again. It records every command the use case received and every call of the store, so a
 * test can prove that a refused request never reached the use case, or the store; and counts the lists handed out,
 * so a test can prove that a 304 read none.
 */
@Singleton
final class InMemoryInventory implements ListInventoryUseCase, FindInventoryEntryUseCase, ReadStockChangesUseCase,
        InventoryRepository {

    /** The origin of a change through the API with no key id, request id or reason known. */
    static final ChangeOrigin ANONYMOUS = ChangeOrigin.api(null, null, null);

    /** Where every test starts: all three statuses, and a petId (10) that sorts after 2 only as a number. */
    static final List<InventoryEntry> SEED = List.of(
            item(1, 12, PetStatus.AVAILABLE),
            item(2, 0, PetStatus.SOLD),
            item(10, 3, PetStatus.PENDING));

    private final SortedMap<Long, InventoryEntry> items = new TreeMap<>();
    private final List<ChangeStockCommand> commands = new ArrayList<>();
    private final List<List<EntryChange>> stored = new ArrayList<>();
    /** The outcomes kept under idempotency keys, by scope and key, with the fingerprint of their request. */
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
        commands.clear();
        stored.clear();
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

    /** The change use case as the application has it, over this store, recording each command it receives. */
    @Factory
    static final class Changes {

        @Singleton
        ChangeStockUseCase changeStock(InMemoryInventory inventory,
                                       @Value("${petstore.require-if-match:false}") boolean requireCondition) {
            ChangeStockUseCase service = new StockMovementService(inventory, requireCondition);
            return command -> {
                inventory.received(command);
                return service.changeStock(command);
            };
        }
    }

    private synchronized void received(ChangeStockCommand command) {
        commands.add(command);
        throwPendingFailure();
    }

    /** A kept key: the fingerprint of its request, and its outcome. */
    private record Kept(String fingerprint, ChangeOutcome outcome) {
    }

    @Override
    public synchronized ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key) {
        stored.add(List.copyOf(changes));
        Optional<List<String>> scopedKey = key.map(request -> List.of(request.scope(), request.key()));
        Kept first = scopedKey.map(kept::get).orElse(null);
        if (first != null) {
            return first.fingerprint().equals(key.orElseThrow().fingerprint()) ? first.outcome()
                    : new ChangeOutcome.KeyReused();
        }
        List<ChangeDecision> decisions = EntryChange.decideAll(changes,
                pet -> Optional.ofNullable(items.get(pet.value())));
        ChangeOutcome outcome = ChangeOutcome.of(decisions);
        if (outcome instanceof ChangeOutcome.Applied) {
            for (int i = 0; i < decisions.size(); i++) {
                if (decisions.get(i) instanceof ChangeDecision.Changed(InventoryEntry before, InventoryEntry after)) {
                    items.put(after.petId().value(), after);
                    record(after.petId(), before.quantity(), after.quantity(), after.version(),
                            changes.get(i).origin());
                }
            }
        }
        scopedKey.ifPresent(scoped -> kept.put(scoped, new Kept(key.orElseThrow().fingerprint(), outcome)));
        return outcome;
    }

    @Override
    public synchronized InventorySnapshot streamAll() {
        throw new UnsupportedOperationException("the HTTP adapter lists through ListInventoryUseCase");
    }

    @Override
    public synchronized InventoryVersion currentVersion() {
        throw new UnsupportedOperationException("the HTTP adapter reads versions through ListInventoryUseCase");
    }

    @Override
    public synchronized Optional<InventoryEntry> findByPetId(PetId petId) {
        return Optional.ofNullable(items.get(petId.value()));
    }

    private void record(PetId petId, Quantity from, Quantity to, EntryVersion version, ChangeOrigin origin) {
        long changeId = changes.isEmpty() ? removedThrough + 1 : changes.getLast().changeId() + 1;
        changes.add(new StockChange(changeId, petId, from, to, version, Instant.now(), origin));
    }

    /**
     * Records {@code count} more changes of pet 1's count, as a ledger that already holds them would read them (the
     * entry itself is left as it is).
     */
    synchronized void recordChanges(int count) {
        for (int i = 0; i < count; i++) {
            long changeId = changes.isEmpty() ? removedThrough + 1 : changes.getLast().changeId() + 1;
            record(new PetId(1), Quantity.of(changeId % 1000), Quantity.of((changeId + 1) % 1000),
                    EntryVersion.of(changeId + 1), ANONYMOUS);
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

    /** The commands the use case received, in order. */
    synchronized List<ChangeStockCommand> commands() {
        return List.copyOf(commands);
    }

    /** The changes of the commands the use case received, in order, one after the other. */
    synchronized List<EntryChange> changesAsked() {
        return commands.stream().flatMap(command -> command.changes().stream()).toList();
    }

    /**
     * The commands the use case received, their changes each with the origin {@link #ANONYMOUS} instead of its own
     * (the key's and the request's ids differ from run to run): what was asked, not by whom.
     */
    synchronized List<ChangeStockCommand> commandsAskedAnonymously() {
        return commands.stream().map(command -> new ChangeStockCommand(command.changes().stream()
                .map(change -> new EntryChange(change.petId(), change.movement(), change.expected(), ANONYMOUS))
                .toList(), command.isBatch(), command.key())).toList();
    }

    /** A {@code PATCH} of the pet's count as the use case receives it: unconditional, without a key, anonymous. */
    static ChangeStockCommand set(long petId, long quantity) {
        return ChangeStockCommand.one(new EntryChange(PetId.of(petId), new StockMovement.SetTo(Quantity.of(quantity)),
                ANONYMOUS), IdempotencyKey.NONE);
    }

    /** The refused request never reached the use case, and the inventory is still {@link #SEED}. */
    synchronized void assertUntouched() {
        assertEquals(List.of(), commands, "commands received");
        assertStoreUntouched();
    }

    /**
     * The refused request reached no store: no change was asked of it, none was made or recorded, no key kept, and
     * the inventory is still {@link #SEED}.
     */
    synchronized void assertStoreUntouched() {
        assertEquals(List.of(), stored, "changes asked of the store");
        assertEquals(List.of(), changes, "changes recorded");
        assertEquals(Map.of(), kept, "idempotency keys kept");
        assertEquals(SEED, List.copyOf(items.values()), "inventory");
    }

    static InventoryEntry item(long petId, int quantity, PetStatus status) {
        return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), status);
    }
}
