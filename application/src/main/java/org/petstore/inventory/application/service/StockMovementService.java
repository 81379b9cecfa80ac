package org.petstore.inventory.application.service;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.petstore.inventory.application.port.inbound.AdjustStockCommand;
import org.petstore.inventory.application.port.inbound.AdjustStockUseCase;
import org.petstore.inventory.application.port.inbound.ApplyStockChangesUseCase;
import org.petstore.inventory.application.port.inbound.StockChangesCommand;
import org.petstore.inventory.application.port.outbound.ChangesOutcome;
import org.petstore.inventory.application.port.outbound.IdempotencyClaims;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.IdempotencyKeyConflictException;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.RefusedBatchChangeException;
import org.petstore.inventory.domain.StockMovement;

/**
 * The stock movements: an adjustment by a delta, a batch of changes all or nothing, each optionally under an
 * idempotency key. Plain Java: the bootstrap module wires it to an {@link InventoryRepository} and the store's
 * {@link IdempotencyClaims}.
 *
 * <p>An unconditional adjustment without a key is one call to the store, which may share its transaction with
 * concurrent changes. With {@code If-Match} or a key it is a batch of one: one transaction of its own, in which the
 * key's outcome is kept. A key is claimed before the store's data is touched; a kept outcome is answered as the first
 * request was (its entries, or the same refusal); a claim whose request failed on the way (the store unavailable) is
 * released, so that a retry is carried out.
 */
public final class StockMovementService implements AdjustStockUseCase, ApplyStockChangesUseCase {

    private final InventoryRepository inventoryRepository;
    private final IdempotencyClaims idempotencyClaims;

    public StockMovementService(InventoryRepository inventoryRepository, IdempotencyClaims idempotencyClaims) {
        this.inventoryRepository = Objects.requireNonNull(inventoryRepository, "inventoryRepository");
        this.idempotencyClaims = Objects.requireNonNull(idempotencyClaims, "idempotencyClaims");
    }

    @Override
    public InventoryEntry adjustStock(AdjustStockCommand command) {
        EntryChange change = new EntryChange(command.petId(), new StockMovement.AdjustBy(command.delta()),
                command.expected(), command.origin());
        if (command.idempotency().isEmpty() && command.expected() instanceof ExpectedVersions.Any) {
            return StockOutcomes.entryOf(change, inventoryRepository.change(change));
        }
        try {
            return changeAll(List.of(change), command.idempotency()).getFirst();
        } catch (RefusedBatchChangeException refused) {
            throw refused.refusal(); // one change: refused as itself, not as a batch's change
        }
    }

    @Override
    public List<InventoryEntry> applyStockChanges(StockChangesCommand command) {
        return changeAll(command.changes(), command.idempotency());
    }

    private List<InventoryEntry> changeAll(List<EntryChange> changes, Optional<IdempotentRequest> idempotency) {
        if (idempotency.isEmpty()) {
            return StockOutcomes.entriesOf(changes, inventoryRepository.changeAll(changes, Optional.empty()));
        }
        ChangesOutcome outcome = switch (idempotencyClaims.claim(idempotency.get())) {
            case IdempotencyClaims.Kept kept -> kept.outcome();
            case IdempotencyClaims.InFlight _ -> throw new IdempotencyKeyConflictException(
                    IdempotencyKeyConflictException.Reason.IN_FLIGHT);
            case IdempotencyClaims.Reused _ -> throw new IdempotencyKeyConflictException(
                    IdempotencyKeyConflictException.Reason.REUSED);
            case IdempotencyClaims.Claimed claimed -> carryOut(changes, claimed);
        };
        return StockOutcomes.entriesOf(changes, outcome);
    }

    private ChangesOutcome carryOut(List<EntryChange> changes, IdempotencyClaims.Claimed claimed) {
        try {
            return inventoryRepository.changeAll(changes, Optional.of(claimed));
        } catch (IdempotencyKeyConflictException takenOver) {
            throw takenOver;
        } catch (RuntimeException | Error failed) {
            try {
                idempotencyClaims.release(claimed);
            } catch (RuntimeException releaseFailed) {
                failed.addSuppressed(releaseFailed); // the claim's lease ends it
            }
            throw failed;
        }
    }
}
