package org.petstore.inventory.domain;

/**
 * Whether a pet, and so its inventory entry, is available, pending or sold.
 */
public enum PetStatus {
    AVAILABLE,
    PENDING,
    SOLD
}
