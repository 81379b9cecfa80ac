package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InventoryRepository;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.application.port.outbound.PetRepository;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * The demo data as the adapters read it from a real database. Each backend's subclass says which database.
 */
abstract class DemoDataTest {

    @Inject
    InventoryRepository inventory;

    @Inject
    PetRepository pets;

    @Inject
    OrderRepository orders;

    @Test
    void findsADemoPet() {
        assertEquals(Optional.of(new Pet(PetId.of(5), "Thumper", PetStatus.PENDING)), pets.findById(PetId.of(5)));
    }

    @Test
    void anUnknownPetIsEmpty() {
        assertEquals(Optional.empty(), pets.findById(PetId.of(13)));
    }

    @Test
    void listsTheDemoOrdersInIdOrder() {
        assertEquals(List.of(
                order(1, 3, 1, "2026-10-02T09:00:00Z", OrderStatus.DELIVERED, true),
                order(2, 7, 2, "2026-10-15T14:30:00Z", OrderStatus.DELIVERED, true),
                order(3, 5, 1, "2026-11-20T10:00:00Z", OrderStatus.APPROVED, false),
                order(4, 8, 1, "2026-11-28T08:15:00Z", OrderStatus.PLACED, false),
                order(5, 10, 3, "2026-12-03T16:45:00Z", OrderStatus.PLACED, false)), orders.findAll());
    }

    @Test
    void everyDemoPetHasAnInventoryEntry() {
        try (InventorySnapshot entries = inventory.streamAll()) {
            assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L),
                    entries.items().map(item -> item.petId().value()).toList());
        }
    }

    private static Order order(long id, long petId, int quantity, String shipDate, OrderStatus status,
                               boolean complete) {
        return new Order(OrderId.of(id), PetId.of(petId), Quantity.of(quantity), Instant.parse(shipDate), status,
                complete);
    }
}
