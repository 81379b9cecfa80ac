package org.petstore.inventory.domain;

/**
 * Where a store order stands.
 */
public enum OrderStatus {
    PLACED,
    APPROVED,
    DELIVERED
}
