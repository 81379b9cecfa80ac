package org.petstore.inventory.application.port.outbound;

/**
 * What a {@link StoreLoad} would change: pets (with their stock) and orders, each created, updated, unchanged or
 * deleted; and how many of the updated pets lose their inventory entry.
 */
public record StoreChanges(long petsCreated, long petsUpdated, long petsUnchanged, long petsDeleted,
                           long stockRemoved,
                           long ordersCreated, long ordersUpdated, long ordersUnchanged, long ordersDeleted) {
}
