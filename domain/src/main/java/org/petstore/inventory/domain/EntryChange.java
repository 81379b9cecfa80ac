package org.petstore.inventory.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * One change of one inventory entry, as a client asks for it: the pet, the {@link StockMovement}, the versions the
 * entry must be at ({@link ExpectedVersions}), and the {@link ChangeOrigin} the stock ledger records.
 */
public record EntryChange(PetId petId, StockMovement movement, ExpectedVersions expected, ChangeOrigin origin) {

    public EntryChange {
        Objects.requireNonNull(petId, "petId");
        Objects.requireNonNull(movement, "movement");
        Objects.requireNonNull(expected, "expected");
        Objects.requireNonNull(origin, "origin");
    }

    /** Without a condition: whatever version the entry is at. */
    public EntryChange(PetId petId, StockMovement movement, ChangeOrigin origin) {
        this(petId, movement, ExpectedVersions.unconditional(), origin);
    }

    /**
     * The rule of every change of stock, decided on the entry as it is ({@code current}; empty: the pet has none):
     * refused when there is no entry, when the entry is at none of the expected versions, or when the new count
     * would leave 0 to {@link Quantity#MAX}; unchanged when the new count is the count the entry has; else changed,
     * to the new count at the entry's next version. Every store decides by this rule, in the same atomic step as it
     * reads the entry; where a store also writes the rule in SQL, a test proves that it decides the same.
     */
    public ChangeDecision decide(Optional<InventoryEntry> current) {
        if (current.isEmpty()) {
            return new ChangeDecision.NotFound(petId);
        }
        InventoryEntry entry = current.get();
        if (!expected.allow(entry.version())) {
            return new ChangeDecision.Stale(petId);
        }
        long count = movement.countAfter(entry.quantity());
        if (movement instanceof StockMovement.AdjustBy(StockDelta delta)) {
            if (count < Quantity.MIN) {
                return new ChangeDecision.InsufficientStock(petId, entry.quantity(), delta);
            }
            if (count > Quantity.MAX) {
                return new ChangeDecision.LimitExceeded(petId, entry.quantity(), delta);
            }
        }
        return count == entry.quantity().value()
                ? new ChangeDecision.Unchanged(entry)
                : new ChangeDecision.Changed(entry, entry.withQuantity(Quantity.of(count)));
    }

    /**
     * Decides changes of distinct pets made all or nothing, in order, each on its pet's entry as it is
     * ({@code entries}): every decision while they are accepted, and the first refusal last.
     */
    public static List<ChangeDecision> decideAll(List<EntryChange> changes,
                                                 Function<PetId, Optional<InventoryEntry>> entries) {
        List<ChangeDecision> decisions = new ArrayList<>(changes.size());
        for (EntryChange change : changes) {
            ChangeDecision decision = change.decide(entries.apply(change.petId()));
            decisions.add(decision);
            if (decision instanceof ChangeDecision.Refusal) {
                break;
            }
        }
        return decisions;
    }
}
