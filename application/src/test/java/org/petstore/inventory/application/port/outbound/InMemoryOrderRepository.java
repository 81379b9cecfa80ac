package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import org.petstore.inventory.domain.Order;

/**
 * An in-memory {@link OrderRepository}: the fake the application's tests run against. It passes the same contract
 * suite as the real backends.
 */
public final class InMemoryOrderRepository implements OrderRepository {

    private final ConcurrentSkipListMap<Long, Order> orders = new ConcurrentSkipListMap<>();

    public void store(Order... entries) {
        for (Order order : entries) {
            orders.put(order.id().value(), order);
        }
    }

    public void clear() {
        orders.clear();
    }

    @Override
    public List<Order> findAll() {
        return List.copyOf(orders.values());
    }
}
