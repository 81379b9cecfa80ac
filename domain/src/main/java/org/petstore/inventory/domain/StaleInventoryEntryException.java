package org.petstore.inventory.domain;

/**
 * A change of an inventory entry was made on condition that the entry still has a version the caller saw, and it
 * has changed since: someone else changed it first. Nothing was changed; read the entry again and decide anew.
 */
public final class StaleInventoryEntryException extends DomainException {

    private final PetId petId;

    public StaleInventoryEntryException(PetId petId) {
        super("The inventory entry for pet " + petId + " has changed since the version the request names: "
                + "read it again and retry with its current version");
        this.petId = petId;
    }

    public PetId petId() {
        return petId;
    }
}
