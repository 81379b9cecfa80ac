package org.petstore.inventory.adapter.http;

import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import org.petstore.inventory.application.port.inbound.FindPetUseCase;
import org.petstore.inventory.application.port.inbound.ListOrdersUseCase;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetNotFoundException;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;

/**
 * The pet and order use cases the HTTP adapter calls, replaced by fixed data; either can be told to fail once.
 */
@Singleton
final class InMemoryPetsAndOrders implements FindPetUseCase, ListOrdersUseCase {

    static final List<Pet> PETS = List.of(
            new Pet(PetId.of(1), "Rex", PetStatus.AVAILABLE),
            new Pet(PetId.of(2), "Whiskers \"the cat\"", PetStatus.SOLD));

    static final List<Order> ORDERS = List.of(
            new Order(OrderId.of(1), PetId.of(2), Quantity.of(1), Instant.parse("2026-10-02T09:00:00Z"),
                    OrderStatus.DELIVERED, true),
            new Order(OrderId.of(7), PetId.of(1), Quantity.of(3), Instant.parse("2026-12-03T16:45:30.500Z"),
                    OrderStatus.PLACED, false));

    private RuntimeException nextFailure;

    synchronized void reset() {
        nextFailure = null;
    }

    synchronized void failNextCallWith(RuntimeException fault) {
        nextFailure = fault;
    }

    @Override
    public synchronized Pet findPet(PetId petId) {
        throwPendingFailure();
        return PETS.stream().filter(pet -> pet.id().equals(petId)).findFirst()
                .orElseThrow(() -> new PetNotFoundException(petId));
    }

    @Override
    public synchronized List<Order> listOrders() {
        throwPendingFailure();
        return ORDERS;
    }

    private void throwPendingFailure() {
        RuntimeException fault = nextFailure;
        nextFailure = null;
        if (fault != null) {
            throw fault;
        }
    }
}
