package org.petstore.inventory.adapter.persistence;

import java.util.Optional;
import java.util.function.Function;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * Converts table rows to the domain.
 */
final class StoreMapper {

    private StoreMapper() {
    }

    static InventoryItem toDomain(InventoryItemRow row) {
        return new InventoryItem(PetId.of(row.petId()), Quantity.of(row.quantity()),
                known("pet " + row.petId(), row.status(), PetStatus::fromWireValue));
    }

    static Pet toDomain(PetRow row) {
        return new Pet(PetId.of(row.id()), row.name(),
                known("pet " + row.id(), row.status(), PetStatus::fromWireValue));
    }

    static Order toDomain(OrderRow row) {
        return new Order(OrderId.of(row.id()), PetId.of(row.petId()), Quantity.of(row.quantity()), row.shipDate(),
                known("order " + row.id(), row.status(), OrderStatus::fromWireValue), row.complete());
    }

    private static <S> S known(String owner, String value, Function<String, Optional<S>> parse) {
        return parse.apply(value).orElseThrow(() -> new IllegalStateException(
                owner + " has an unknown status '" + value + "' in the database"));
    }
}
