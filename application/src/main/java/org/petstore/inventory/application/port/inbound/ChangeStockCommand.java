package org.petstore.inventory.application.port.inbound;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.petstore.inventory.domain.BatchSizeException;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.RepeatedPetException;

/**
 * The request to change stock: one change ({@link #one}), or a batch of 1 to {@link #MAX_CHANGES} changes, no pet
 * twice, made all or nothing ({@link #batch}); under the {@link IdempotencyKey} the client sent, if any. A refusal of
 * a batch's change names its place in the batch; a refusal of a single change is its own.
 */
public record ChangeStockCommand(List<EntryChange> changes, boolean isBatch, IdempotencyKey key) {

    /** Most changes in one batch. */
    public static final int MAX_CHANGES = 100;

    public ChangeStockCommand {
        changes = List.copyOf(changes);
        Objects.requireNonNull(key, "key");
        if (changes.isEmpty() || changes.size() > MAX_CHANGES || (!isBatch && changes.size() != 1)) {
            throw new BatchSizeException(changes.size(), isBatch ? MAX_CHANGES : 1);
        }
        Map<PetId, Integer> places = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            Integer first = places.putIfAbsent(changes.get(i).petId(), i);
            if (first != null) {
                throw new RefusedBatchChangeException(i, new RepeatedPetException(changes.get(i).petId(), first));
            }
        }
    }

    /** One change of one entry. */
    public static ChangeStockCommand one(EntryChange change, IdempotencyKey key) {
        return new ChangeStockCommand(List.of(change), false, key);
    }

    /** A batch: every change, or none. */
    public static ChangeStockCommand batch(List<EntryChange> changes, IdempotencyKey key) {
        return new ChangeStockCommand(changes, true, key);
    }
}
