package org.petstore.inventory.application.port.inbound;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InvalidStockChangeException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.RefusedBatchChangeException;

/**
 * A batch of 1 to {@link #MAX_CHANGES} changes, no pet twice, each unconditional, made all or nothing; under an
 * idempotency key when the client sent one.
 */
public record StockChangesCommand(List<EntryChange> changes, Optional<IdempotentRequest> idempotency) {

    /** Most changes in one batch. */
    public static final int MAX_CHANGES = 100;

    public StockChangesCommand {
        changes = List.copyOf(changes);
        Objects.requireNonNull(idempotency, "idempotency");
        if (changes.isEmpty() || changes.size() > MAX_CHANGES) {
            throw new InvalidStockChangeException("changes must hold 1 to " + MAX_CHANGES + " changes, got "
                    + changes.size());
        }
        Map<PetId, Integer> places = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            Integer first = places.putIfAbsent(changes.get(i).petId(), i);
            if (first != null) {
                throw new RefusedBatchChangeException(i, new InvalidStockChangeException("pet "
                        + changes.get(i).petId() + " appears again (first at changes[" + first + "]): a pet appears "
                        + "once in a batch"));
            }
        }
    }
}
