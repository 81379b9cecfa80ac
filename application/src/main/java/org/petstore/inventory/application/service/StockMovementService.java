package org.petstore.inventory.application.service;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.application.port.inbound.ChangeStockCommand;
import org.petstore.inventory.application.port.inbound.ChangeStockUseCase;
import org.petstore.inventory.application.port.inbound.ConditionRequiredException;
import org.petstore.inventory.application.port.inbound.IdempotencyKey;
import org.petstore.inventory.application.port.outbound.ChangeOutcome;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InvalidIdempotencyKeyException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.RefusedBatchChangeException;

/**
 * Every change of stock, in one path: the condition this service may require, the idempotency key, then one call to
 * the store, which decides each change by the domain's rule and makes them all or none. What the store answers is
 * the caller's answer: the entries, or the refusal as the domain's exception. Plain Java: the bootstrap module wires
 * it to an {@link InventoryRepository}.
 */
public final class StockMovementService implements ChangeStockUseCase {

    private final InventoryRepository inventoryRepository;
    private final boolean requireCondition;

    /**
     * @param requireCondition whether every change must carry a condition on its entry's version (a service that
     *                         accepts no change its client did not condition on what it read)
     */
    public StockMovementService(InventoryRepository inventoryRepository, boolean requireCondition) {
        this.inventoryRepository = Objects.requireNonNull(inventoryRepository, "inventoryRepository");
        this.requireCondition = requireCondition;
    }

    @Override
    public List<InventoryEntry> changeStock(ChangeStockCommand command) {
        if (requireCondition && !command.changes().stream().allMatch(change -> change.expected().isCondition())) {
            throw new ConditionRequiredException(command.isBatch());
        }
        Optional<IdempotentRequest> key = switch (command.key()) {
            case IdempotencyKey.None _ -> Optional.empty();
            case IdempotencyKey.Of of -> Optional.of(of.request());
            case IdempotencyKey.Unreadable unreadable -> throw new InvalidIdempotencyKeyException(
                    unreadable.problem());
        };
        return switch (inventoryRepository.change(command.changes(), key)) {
            case ChangeOutcome.Applied applied -> applied.entries();
            case ChangeOutcome.Refused refused -> throw command.isBatch()
                    ? new RefusedBatchChangeException(refused.index(), refused.refusal().exception())
                    : refused.refusal().exception();
            case ChangeOutcome.KeyInFlight _ -> throw new IdempotencyKeyConflictException(
                    IdempotencyKeyConflictException.Reason.IN_FLIGHT);
            case ChangeOutcome.KeyReused _ -> throw new IdempotencyKeyConflictException(
                    IdempotencyKeyConflictException.Reason.REUSED);
        };
    }
}
