package org.petstore.inventory.application.service;

import java.util.List;
import java.util.Objects;
import org.petstore.inventory.application.port.inbound.ListOrdersUseCase;
import org.petstore.inventory.application.port.outbound.OrderRepository;
import org.petstore.inventory.domain.Order;

/**
 * The store-order use cases. Plain Java: the bootstrap module wires it to an {@link OrderRepository}.
 */
public final class OrderService implements ListOrdersUseCase {

    private final OrderRepository orderRepository;

    public OrderService(OrderRepository orderRepository) {
        this.orderRepository = Objects.requireNonNull(orderRepository, "orderRepository");
    }

    @Override
    public List<Order> listOrders() {
        return orderRepository.findAll();
    }
}
