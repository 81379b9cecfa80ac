package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.domain.ChangeDecision;
import org.petstore.inventory.domain.InventoryEntry;

/**
 * What became of changes made all or nothing ({@link InventoryRepository#change}): all were accepted, or one was
 * refused and none was made; or, under an idempotency key, the key could not be used. {@link Applied} and
 * {@link Refused} are what a key keeps, and answers again.
 */
public sealed interface ChangeOutcome {

    /** Every change was accepted: the entries as stored, in the order of the changes. */
    record Applied(List<InventoryEntry> entries) implements ChangeOutcome {

        public Applied {
            entries = List.copyOf(entries);
        }
    }

    /** The change at {@code index} (from 0) was refused, so none was made. */
    record Refused(int index, ChangeDecision.Refusal refusal) implements ChangeOutcome {

        public Refused {
            Objects.requireNonNull(refusal, "refusal");
            if (index < 0) {
                throw new IllegalArgumentException("index must be at least 0, got " + index);
            }
        }
    }

    /** Another request with the idempotency key is still being carried out; nothing was changed. */
    record KeyInFlight() implements ChangeOutcome {
    }

    /** The idempotency key was first used with another request (fingerprint); nothing was changed. */
    record KeyReused() implements ChangeOutcome {
    }

    /** The outcome of {@code EntryChange#decideAll}'s decisions: its refusal, else the entries after every change. */
    static ChangeOutcome of(List<ChangeDecision> decisions) {
        int last = decisions.size() - 1;
        if (decisions.get(last) instanceof ChangeDecision.Refusal refusal) {
            return new Refused(last, refusal);
        }
        return new Applied(decisions.stream().map(decision -> ((ChangeDecision.Accepted) decision).after()).toList());
    }
}
