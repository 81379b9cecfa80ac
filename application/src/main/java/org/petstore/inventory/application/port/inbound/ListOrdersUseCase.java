package org.petstore.inventory.application.port.inbound;

import java.util.List;
import org.petstore.inventory.domain.Order;

/**
 * Lists the orders placed with the store.
 */
public interface ListOrdersUseCase {

    /** Every order, in ascending {@code id} order. */
    List<Order> listOrders();
}
