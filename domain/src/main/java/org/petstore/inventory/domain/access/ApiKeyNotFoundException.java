package org.petstore.inventory.domain.access;

import org.petstore.inventory.domain.NotFoundException;

/** No managed key has this id. */
public final class ApiKeyNotFoundException extends NotFoundException {

    private final String id;

    public ApiKeyNotFoundException(String id) {
        super("No API key has the id " + id);
        this.id = id;
    }

    public String id() {
        return id;
    }
}
