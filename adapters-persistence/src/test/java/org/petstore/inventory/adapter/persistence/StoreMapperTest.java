package org.petstore.inventory.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/** Rows become domain objects; a row the domain refuses is a fault of the stored data, never a client's error. */
class StoreMapperTest {

    @Test
    void rowsBecomeDomainObjects() {
        assertEquals(new InventoryEntry(PetId.of(3), Quantity.of(0), PetStatus.SOLD),
                StoreMapper.inventoryEntry(3, 0, "sold", 1));
        assertEquals(new InventoryEntry(PetId.of(3), Quantity.of(0), PetStatus.SOLD, EntryVersion.of(9)),
                StoreMapper.inventoryEntry(3, 0, "sold", 9));
        assertEquals(new Pet(PetId.of(5), "Thumper", PetStatus.PENDING),
                StoreMapper.pet(5, "Thumper", "pending"));
        assertEquals(new Order(OrderId.of(1), PetId.of(3), Quantity.of(1), Instant.parse("2026-10-02T09:00:00Z"),
                        OrderStatus.DELIVERED, true),
                StoreMapper.order(1, 3, 1, Instant.parse("2026-10-02T09:00:00Z"), "delivered", true));
    }

    @Test
    void anUnknownStatusIsAFaultOfTheStoredData() {
        var error = assertThrows(IllegalStateException.class,
                () -> StoreMapper.pet(5, "Thumper", "lost"));
        assertEquals("pet 5 has an unknown status 'lost' in the database", error.getMessage());
    }

    @Test
    void anInventoryRowWithAnUnknownStatusOrAnInvalidValueIsAFaultOfTheStoredData() {
        var unknown = assertThrows(IllegalStateException.class, () -> StoreMapper.inventoryEntry(3, 0, "lost", 1));
        assertEquals("pet 3 has an unknown status 'lost' in the database", unknown.getMessage());

        var invalid = assertThrows(IllegalStateException.class, () -> StoreMapper.inventoryEntry(3, -1, "sold", 1));
        assertEquals("pet 3 is not valid in the database: quantity must be an integer from 0 to 2147483647, got -1",
                invalid.getMessage());

        var version = assertThrows(IllegalStateException.class, () -> StoreMapper.inventoryEntry(3, 0, "sold", 0));
        assertEquals("pet 3 is not valid in the database: An entry version is at least 1, got 0",
                version.getMessage());
    }

    @Test
    void aRowTheDomainRefusesIsAFaultOfTheStoredData() {
        var error = assertThrows(IllegalStateException.class,
                () -> StoreMapper.pet(5, "  ", "pending"));
        assertEquals("pet 5 is not valid in the database: a pet's name has 1 to 100 characters", error.getMessage());
    }
}
