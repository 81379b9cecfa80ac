package org.petstore.inventory.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * One pet of the store's catalogue, with its stock when it has an inventory entry: what a backup holds for a pet, and
 * what loading one restores. The entry's status is the pet's, so it is not repeated.
 *
 * @param pet   the pet: id, name and status
 * @param stock the pet's inventory entry (its quantity and version); empty for a pet the store keeps no stock of
 */
public record CatalogueEntry(Pet pet, Optional<Stock> stock) {

    public CatalogueEntry {
        Objects.requireNonNull(pet, "pet");
        Objects.requireNonNull(stock, "stock");
    }

    /** A pet with an inventory entry. */
    public static CatalogueEntry stocked(Pet pet, Quantity quantity, EntryVersion version) {
        return new CatalogueEntry(pet, Optional.of(new Stock(quantity, version)));
    }

    /** A pet without an inventory entry. */
    public static CatalogueEntry unstocked(Pet pet) {
        return new CatalogueEntry(pet, Optional.empty());
    }

    public PetId petId() {
        return pet.id();
    }

    /** The pet's inventory entry, as the inventory shows it; empty for a pet without one. */
    public Optional<InventoryEntry> inventoryItem() {
        return stock.map(s -> new InventoryEntry(pet.id(), s.quantity(), pet.status(), s.version()));
    }

    /**
     * The stock part of an inventory entry.
     *
     * @param quantity how many of the pet are in stock
     * @param version  the entry's version
     */
    public record Stock(Quantity quantity, EntryVersion version) {

        public Stock {
            Objects.requireNonNull(quantity, "quantity");
            Objects.requireNonNull(version, "version");
        }
    }
}
