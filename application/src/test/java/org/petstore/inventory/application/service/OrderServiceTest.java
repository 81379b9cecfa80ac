package org.petstore.inventory.application.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.application.port.outbound.InMemoryOrderRepository;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

class OrderServiceTest {

    @Test
    void listsTheOrdersTheRepositoryHolds() {
        List<Order> orders = List.of(
                new Order(OrderId.of(1), PetId.of(2), Quantity.of(1), Instant.parse("2026-11-01T10:00:00Z"),
                        OrderStatus.DELIVERED, true),
                new Order(OrderId.of(2), PetId.of(5), Quantity.of(3), Instant.parse("2026-11-25T09:30:00Z"),
                        OrderStatus.PLACED, false));

        var repository = new InMemoryOrderRepository();
        repository.store(orders.get(1), orders.get(0));

        assertEquals(orders, new OrderService(repository).listOrders());
    }
}
