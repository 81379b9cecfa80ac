package org.petstore.inventory.adapter.persistence;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * Converts table rows to the domain. A row the domain refuses is a fault of the stored data, not of a request: it
 * fails with {@link IllegalStateException}.
 */
final class StoreMapper {

    private StoreMapper() {
    }

    static InventoryItem toDomain(InventoryItemRow row) {
        String owner = "pet " + row.petId();
        return valid(owner, () -> new InventoryItem(PetId.of(row.petId()), Quantity.of(row.quantity()),
                known(owner, row.status(), StatusColumns::petStatus)));
    }

    static Pet toDomain(PetRow row) {
        String owner = "pet " + row.id();
        return valid(owner, () -> new Pet(PetId.of(row.id()), row.name(),
                known(owner, row.status(), StatusColumns::petStatus)));
    }

    static Order toDomain(OrderRow row) {
        String owner = "order " + row.id();
        return valid(owner, () -> new Order(OrderId.of(row.id()), PetId.of(row.petId()), Quantity.of(row.quantity()),
                row.shipDate(), known(owner, row.status(), StatusColumns::orderStatus), row.complete()));
    }

    private static <S> S known(String owner, String value, Function<String, Optional<S>> parse) {
        return parse.apply(value).orElseThrow(() -> new IllegalStateException(
                owner + " has an unknown status '" + value + "' in the database"));
    }

    private static <T> T valid(String owner, Supplier<T> mapping) {
        try {
            return mapping.get();
        } catch (DomainException e) {
            throw new IllegalStateException(owner + " is not valid in the database: " + e.getMessage(), e);
        }
    }
}
