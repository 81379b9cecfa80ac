package org.petstore.inventory.domain;

import java.util.Objects;

/**
 * An animal of the store. Its inventory entry, if it has one, tracks how many of it are in stock.
 */
public record Pet(PetId id, String name, PetStatus status) {

    public static final int MAX_NAME_LENGTH = 100;

    public Pet {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        if (name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            throw new InvalidPetNameException("a pet's name has 1 to " + MAX_NAME_LENGTH + " characters");
        }
    }
}
