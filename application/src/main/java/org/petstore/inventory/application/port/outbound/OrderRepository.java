package org.petstore.inventory.application.port.outbound;

import java.util.List;
import org.petstore.inventory.domain.Order;

/**
 * Where the store's orders are kept. When the store cannot be reached, it throws
 * {@link StorageUnavailableException}.
 */
public interface OrderRepository {

    /** Every order, in ascending {@code id} order. */
    List<Order> findAll();
}
