package org.petstore.inventory.application.service;

import static org.petstore.inventory.application.port.outbound.Updates.updateQuantity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InMemoryInventoryRepository;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ExpiredChangeCursorException;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryEntryNotFoundException;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

class StockLedgerServiceTest {

    private final InMemoryInventoryRepository repository = new InMemoryInventoryRepository();
    private final StockLedgerService service = new StockLedgerService(repository, repository);

    @BeforeEach
    void threeChangesOfPetOne() {
        repository.store(new InventoryEntry(PetId.of(1), Quantity.of(0), PetStatus.AVAILABLE),
                new InventoryEntry(PetId.of(2), Quantity.of(0), PetStatus.SOLD));
        for (int quantity = 1; quantity <= 3; quantity++) {
            updateQuantity(repository, PetId.of(1), Quantity.of(quantity), ChangeOrigin.api(null, null, null));
        }
    }

    @Test
    void anEntrysHistoryNeedsTheEntry() {
        assertEquals(List.of(3L, 2L, 1L), service.changesOf(PetId.of(1), Long.MAX_VALUE, 10).stream()
                .map(StockChange::changeId).toList());
        assertEquals(List.of(), service.changesOf(PetId.of(2), Long.MAX_VALUE, 10));
        assertThrows(InventoryEntryNotFoundException.class, () -> service.changesOf(PetId.of(3), Long.MAX_VALUE, 10));
    }

    @Test
    void aCursorBelowWhatRetentionRemovedHasExpired() {
        repository.removeThrough(2);

        ExpiredChangeCursorException expired = assertThrows(ExpiredChangeCursorException.class,
                () -> service.changesAfter(1, 10));
        assertEquals(3, expired.newestChangeId());
        assertThrows(ExpiredChangeCursorException.class, () -> service.changesAfter(0, 10));
        assertEquals(List.of(3L), service.changesAfter(2, 10).stream().map(StockChange::changeId).toList());
    }

    @Test
    void limitsAreFrom1To500() {
        assertThrows(IllegalArgumentException.class, () -> service.changesAfter(0, 0));
        assertThrows(IllegalArgumentException.class, () -> service.changesAfter(0, 501));
        assertThrows(IllegalArgumentException.class, () -> service.changesOf(PetId.of(1), Long.MAX_VALUE, 0));
        assertEquals(3, service.changesAfter(0, 500).size());
    }
}
