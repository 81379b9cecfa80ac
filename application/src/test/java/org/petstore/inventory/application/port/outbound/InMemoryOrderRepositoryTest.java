package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.Order;

class InMemoryOrderRepositoryTest extends OrderRepositoryContract {

    private final InMemoryOrderRepository repository = new InMemoryOrderRepository();

    @Override
    protected OrderRepository repository() {
        return repository;
    }

    @Override
    protected void givenOnly(List<Order> orders) {
        repository.clear();
        repository.store(orders.toArray(Order[]::new));
    }
}
