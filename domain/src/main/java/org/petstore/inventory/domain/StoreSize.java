package org.petstore.inventory.domain;

/**
 * How much a store holds: its pets, the inventory entries among them, and its orders.
 *
 * @param pets    the number of pets
 * @param entries the number of inventory entries (at most one per pet)
 * @param orders  the number of orders
 */
public record StoreSize(long pets, long entries, long orders) {

    public static final StoreSize EMPTY = new StoreSize(0, 0, 0);

    public boolean isEmpty() {
        return pets == 0 && entries == 0 && orders == 0;
    }
}
