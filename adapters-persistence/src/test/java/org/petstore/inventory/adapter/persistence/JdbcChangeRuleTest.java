package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.StockLedger;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;
import org.petstore.inventory.domain.StockDelta;
import org.petstore.inventory.domain.StockMovement;

/**
 * The rule of a change of count written in SQL ({@link InventoryStatements#CHANGES_THE_COUNT}) decides exactly as the
 * domain's ({@link EntryChange#decide}): on a generated set of cases, counts at and around 0 and the largest count,
 * each set to counts at and around the bounds and to the count it has, and moved by deltas at and around the bounds
 * and around what takes it to either of them, without a condition and on the condition of any version, plus changes
 * of pets without an entry. For every case the entry stored (count and version), the ledger's record (from, to,
 * version, origin; none for a change not made) and the answer are what the domain decided on the entry as it was.
 * Each backend's subclass says which database.
 */
abstract class JdbcChangeRuleTest {

    private static final long MAX = Quantity.MAX;

    /** Counts at and around the bounds of a count. */
    private static final List<Long> COUNTS = List.of(0L, 1L, 2L, 3L, 1_000L, MAX / 2, MAX - 3, MAX - 2, MAX - 1, MAX);

    @Inject
    JdbcInventoryRepository repository;

    @Inject
    DatabaseCalls calls;

    @Inject
    StockLedger ledger;

    @Inject
    TransactionOperations<Connection> transactions;

    /** An entry as the test puts it in place (none: the pet has no entry), and a change of it. */
    private record Case(PetId petId, Optional<InventoryEntry> entry, StockMovement movement) {

        EntryChange change(ExpectedVersions expected) {
            return new EntryChange(petId, movement, expected,
                    ChangeOrigin.api("key-1", "request-" + petId, ChangeReason.ADJUSTMENT));
        }
    }

    /** Every count with every movement around the bounds, then a few changes of pets without an entry. */
    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        long pet = 1;
        for (long count : COUNTS) {
            TreeSet<Long> sets = new TreeSet<>(List.of(0L, 1L, 2L, count - 1, count, count + 1, MAX - 1, MAX));
            sets.removeIf(set -> set < 0 || set > MAX);
            TreeSet<Long> deltas = new TreeSet<>(List.of(-MAX, -MAX + 1, -MAX + 2, -(count + 2), -(count + 1),
                    -count, -(count - 1), -2L, -1L, 1L, 2L, MAX - count - 1, MAX - count, MAX - count + 1, MAX - 1,
                    MAX));
            deltas.removeIf(delta -> delta == 0 || Math.abs(delta) > MAX);
            List<StockMovement> movements = Stream.concat(
                    sets.stream().map(set -> (StockMovement) new StockMovement.SetTo(Quantity.of(set))),
                    deltas.stream().map(delta -> new StockMovement.AdjustBy(StockDelta.of(delta)))).toList();
            for (StockMovement movement : movements) {
                PetId petId = PetId.of(pet);
                PetStatus status = PetStatus.values()[(int) (pet % 3)];
                cases.add(new Case(petId, Optional.of(new InventoryEntry(petId, Quantity.of(count), status,
                        EntryVersion.of(1 + pet % 5))), movement));
                pet++;
            }
        }
        for (StockMovement movement : List.of(new StockMovement.SetTo(Quantity.of(1)),
                new StockMovement.AdjustBy(StockDelta.of(1)), new StockMovement.AdjustBy(StockDelta.of(-1)))) {
            cases.add(new Case(PetId.of(pet++), Optional.empty(), movement));
        }
        return cases;
    }

    private void givenThe(List<Case> cases) {
        new StoreTables(transactions).replaceInventoryWith(cases.stream().flatMap(c -> c.entry().stream()).toList());
    }

    /**
     * Every case without a condition and on the condition of any version (the changes that the combined statement
     * takes), in one statement of many entries, as the combined statement runs them.
     */
    @Test
    void theCombinedStatementDecidesEveryCaseAsTheDomainDoes() {
        List<Case> cases = cases();
        List<Case> both = new ArrayList<>();
        List<EntryChange> changes = new ArrayList<>();
        for (ExpectedVersions expected : List.of(ExpectedVersions.unconditional(), ExpectedVersions.any())) {
            List<Case> these = expected == ExpectedVersions.any() ? renumbered(cases, cases.size() + 1) : cases;
            both.addAll(these);
            these.forEach(c -> changes.add(c.change(expected)));
        }
        givenThe(both);
        long newest = ledger.newestChangeId();

        Map<Long, InventoryEntry> before = calls.call(connection -> repository.changeTogether(connection, changes));

        Map<Long, StockChange> recorded = recordsAfter(newest);
        Map<Long, InventoryEntry> stored = stored();
        int changed = 0;
        for (int i = 0; i < both.size(); i++) {
            Case c = both.get(i);
            EntryChange change = changes.get(i);
            ChangeDecision decided = change.decide(c.entry());
            assertEquals(decided, change.decide(Optional.ofNullable(before.get(c.petId().value()))),
                    "the combined statement's answer to " + change);
            changed += assertStoredAsDecided(c, change, decided, stored, recorded);
        }
        assertEquals(changed, recorded.size(), "a record for each change made, and none else");
        assertTrue(changed > 100 && changed < both.size() - 100, changed + " of " + both.size() + " made");
        assertConsecutive(recorded, newest);
    }

    /**
     * Every case through the port, one change a call, without a condition, on the condition of any version, of the
     * version the entry is at and of another one (stale), in turn: the first two take the combined statement, the
     * others a transaction of their own, which writes what the domain decided by the same rule in SQL.
     */
    @Test
    void everyCaseThroughThePortIsAnsweredAndStoredAsTheDomainDecides() {
        List<Case> cases = cases();
        givenThe(cases);
        long newest = ledger.newestChangeId();

        List<EntryChange> changes = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            EntryVersion version = c.entry().map(InventoryEntry::version).orElse(EntryVersion.FIRST);
            EntryChange change = c.change(switch (i % 4) {
                case 0 -> ExpectedVersions.unconditional();
                case 1 -> ExpectedVersions.any();
                case 2 -> ExpectedVersions.oneOf(version);
                default -> ExpectedVersions.oneOf(version.next());
            });
            changes.add(change);
            assertEquals(ChangeOutcome.of(List.of(change.decide(c.entry()))),
                    repository.change(List.of(change), Optional.empty()), "the answer to " + change);
        }

        Map<Long, StockChange> recorded = recordsAfter(newest);
        Map<Long, InventoryEntry> stored = stored();
        int changed = 0;
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            changed += assertStoredAsDecided(c, changes.get(i), changes.get(i).decide(c.entry()), stored, recorded);
        }
        assertEquals(changed, recorded.size(), "a record for each change made, and none else");
    }

    /** The cases again, for other pets from {@code first} on. */
    private static List<Case> renumbered(List<Case> cases, long first) {
        List<Case> renumbered = new ArrayList<>();
        for (Case c : cases) {
            PetId petId = PetId.of(first + renumbered.size());
            renumbered.add(new Case(petId, c.entry().map(entry -> new InventoryEntry(petId, entry.quantity(),
                    entry.status(), entry.version())), c.movement()));
        }
        return renumbered;
    }

    /** Asserts the entry stored and the record of the case as decided; 1 when the change was made, else 0. */
    private static int assertStoredAsDecided(Case c, EntryChange change, ChangeDecision decided,
            Map<Long, InventoryEntry> stored, Map<Long, StockChange> recorded) {
        long pet = c.petId().value();
        if (decided instanceof ChangeDecision.Changed(InventoryEntry before, InventoryEntry after)) {
            assertEquals(after, stored.get(pet), "the entry after " + change);
            StockChange record = recorded.get(pet);
            assertTrue(record != null, "no record of " + change);
            assertEquals(List.of(before.quantity(), after.quantity(), after.version(), change.origin()),
                    List.of(record.from(), record.to(), record.version(), record.origin()), "the record of " + change);
            return 1;
        }
        assertEquals(c.entry().orElse(null), stored.get(pet), "the entry after " + change + ", " + decided);
        assertEquals(null, recorded.get(pet), "a record of " + change + ", " + decided);
        return 0;
    }

    private Map<Long, StockChange> recordsAfter(long newest) {
        Map<Long, StockChange> records = new HashMap<>();
        for (StockChange change : ledger.changesAfter(newest, 100_000)) {
            assertEquals(null, records.put(change.petId().value(), change), "two records of pet " + change.petId());
        }
        return records;
    }

    private static void assertConsecutive(Map<Long, StockChange> recorded, long newest) {
        List<Long> ids = recorded.values().stream().map(StockChange::changeId).sorted().toList();
        assertEquals(Stream.iterate(newest + 1, id -> id + 1).limit(ids.size()).toList(), ids);
    }

    private Map<Long, InventoryEntry> stored() {
        try (InventorySnapshot all = repository.streamAll()) {
            return all.items().collect(Collectors.toMap(entry -> entry.petId().value(), Function.identity()));
        }
    }
}
