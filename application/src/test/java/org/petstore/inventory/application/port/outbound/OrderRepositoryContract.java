package org.petstore.inventory.application.port.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.OrderStatus;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * What every {@link OrderRepository} must do. Each backend's test extends this class and says how to reach its
 * repository and how to put orders in place (with the pets they are for); the in-memory fake passes it too.
 */
public abstract class OrderRepositoryContract {

    /** The repository under test. */
    protected abstract OrderRepository repository();

    /** Removes every order, then stores exactly the given ones. */
    protected abstract void givenOnly(List<Order> orders);

    protected static Order order(long id, long petId, int quantity, String shipDate, OrderStatus status,
                                 boolean complete) {
        return new Order(OrderId.of(id), PetId.of(petId), Quantity.of(quantity), Instant.parse(shipDate), status,
                complete);
    }

    @BeforeEach
    void storeFixture() {
        givenOnly(List.of(
                order(4, 8, 1, "2026-11-28T08:15:00Z", OrderStatus.PLACED, false),
                order(2, 7, 2, "2026-10-15T14:30:00Z", OrderStatus.DELIVERED, true),
                order(5, 10, 3, "2026-12-03T16:45:00Z", OrderStatus.PLACED, false),
                order(1, 3, 1, "2026-10-02T09:00:00Z", OrderStatus.DELIVERED, true),
                order(3, 5, 1, "2026-11-20T10:00:00Z", OrderStatus.APPROVED, false)));
    }

    @Test
    void findAllListsEveryOrderInIdOrder() {
        assertEquals(List.of(
                order(1, 3, 1, "2026-10-02T09:00:00Z", OrderStatus.DELIVERED, true),
                order(2, 7, 2, "2026-10-15T14:30:00Z", OrderStatus.DELIVERED, true),
                order(3, 5, 1, "2026-11-20T10:00:00Z", OrderStatus.APPROVED, false),
                order(4, 8, 1, "2026-11-28T08:15:00Z", OrderStatus.PLACED, false),
                order(5, 10, 3, "2026-12-03T16:45:00Z", OrderStatus.PLACED, false)), repository().findAll());
    }

    @Test
    void findAllOfAStoreWithoutOrdersIsEmpty() {
        givenOnly(List.of());
        assertEquals(List.of(), repository().findAll());
    }

    @Test
    void everyFieldIsKeptExactly() {
        List<Order> orders = List.of(
                order(7, 1, 0, "1970-01-01T00:00:00Z", OrderStatus.PLACED, false),
                order(8, 1, Integer.MAX_VALUE, "2026-12-31T23:59:59.123Z", OrderStatus.APPROVED, true),
                order(Long.MAX_VALUE, 2, 5, "2099-06-15T12:00:00Z", OrderStatus.DELIVERED, true));
        givenOnly(orders);

        assertEquals(orders, repository().findAll());
    }
}
