package org.petstore.inventory.adapter.persistence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.petstore.inventory.domain.CatalogueEntry;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.ChangeReason;
import org.petstore.inventory.domain.ChangeSource;
import org.petstore.inventory.domain.DomainException;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.Order;
import org.petstore.inventory.domain.OrderId;
import org.petstore.inventory.domain.Pet;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.PetStatus;
import org.petstore.inventory.domain.Quantity;
import org.petstore.inventory.domain.StockChange;

/**
 * Converts table rows to the domain. A row the domain refuses is a fault of the stored data, not of a request: it
 * fails with {@link IllegalStateException}.
 */
public final class StoreMapper {

    private StoreMapper() {
    }

    /**
     * The inventory entry in the current row of a result whose columns are, by position, {@code pet_id},
     * {@code quantity}, the pet's {@code status} and the entry's {@code version}. Read for every listed row: columns
     * by position, no reflection.
     */
    static InventoryEntry inventoryEntry(ResultSet row) throws SQLException {
        return inventoryEntry(row.getLong(1), row.getInt(2), row.getString(3), row.getLong(4));
    }

    static InventoryEntry inventoryEntry(long petId, int quantity, String status, long version) {
        Optional<PetStatus> petStatus = StatusColumns.petStatus(status);
        if (petStatus.isEmpty()) { // the owner's name is made only when it is needed: this runs for every listed row
            throw new IllegalStateException("pet " + petId + " has an unknown status '" + status + "' in the database");
        }
        try {
            return new InventoryEntry(PetId.of(petId), Quantity.of(quantity), petStatus.get(),
                    EntryVersion.of(version));
        } catch (DomainException e) {
            throw invalid("pet " + petId, e);
        }
    }

    /**
     * The version of the whole inventory in columns {@code first} to {@code first + 2} of the current row: the
     * number of entries, the sum of their versions, and how many entries were ever removed.
     */
    static InventoryVersion inventoryVersion(ResultSet row, int first) throws SQLException {
        long entries = row.getLong(first);
        long versionSum = row.getLong(first + 1);
        long removals = row.getLong(first + 2);
        return valid("the inventory", () -> new InventoryVersion(entries, versionSum, removals));
    }

    /**
     * The pet and its stock in the current row of a result whose columns are, by position, the pet's {@code id},
     * {@code name} and {@code status}, then its entry's {@code quantity} and {@code version}, both null for a pet
     * without an entry ({@link TransferStatements#SELECT_CATALOGUE}).
     */
    public static CatalogueEntry catalogueEntry(ResultSet row) throws SQLException {
        long id = row.getLong(1);
        String name = row.getString(2);
        String status = row.getString(3);
        int quantity = row.getInt(4);
        boolean stocked = !row.wasNull();
        long version = row.getLong(5);
        Pet pet = pet(id, name, status);
        return valid("pet " + id, () -> stocked
                ? CatalogueEntry.stocked(pet, Quantity.of(quantity), EntryVersion.of(version))
                : CatalogueEntry.unstocked(pet));
    }

    /**
     * The order in the current row of a result whose columns are, by position, {@code id}, {@code pet_id},
     * {@code quantity}, {@code ship_date}, {@code status}, {@code complete} ({@link TransferStatements#SELECT_ORDERS}).
     */
    public static Order order(ResultSet row) throws SQLException {
        return order(row.getLong(1), row.getLong(2), row.getInt(3),
                row.getObject(4, OffsetDateTime.class).toInstant(), row.getString(5), row.getBoolean(6));
    }

    /** The columns of {@code stock_change}, in the order {@link #stockChange} reads them. */
    public static final String STOCK_CHANGE_COLUMNS = "change_id, pet_id, from_quantity, to_quantity, version, "
            + "changed_at, source, key_id, request_id, reason";

    /** The stock ledger's change in the current row of a result with {@link #STOCK_CHANGE_COLUMNS}. */
    public static StockChange stockChange(ResultSet row) throws SQLException {
        long changeId = row.getLong(1);
        long petId = row.getLong(2);
        int from = row.getInt(3);
        boolean created = row.wasNull();
        int to = row.getInt(4);
        long version = row.getLong(5);
        Instant at = row.getObject(6, OffsetDateTime.class).toInstant();
        String source = row.getString(7);
        String keyId = row.getString(8);
        String requestId = row.getString(9);
        String reason = row.getString(10);
        String owner = "stock ledger change " + changeId;
        return valid(owner, () -> new StockChange(changeId, PetId.of(petId), created ? null : Quantity.of(from),
                Quantity.of(to), EntryVersion.of(version), at,
                new ChangeOrigin(known(owner, "source", source, ChangeSource::ofWireName), keyId, requestId,
                        reason == null ? null : known(owner, "reason", reason, ChangeReason::ofWireName))));
    }

    /** The pet of a row of {@code pet}. */
    public static Pet pet(long id, String name, String status) {
        String owner = "pet " + id;
        return valid(owner, () -> new Pet(PetId.of(id), name,
                known(owner, "status", status, StatusColumns::petStatus)));
    }

    /** The order of a row of {@code store_order}. */
    public static Order order(long id, long petId, int quantity, Instant shipDate, String status, boolean complete) {
        String owner = "order " + id;
        return valid(owner, () -> new Order(OrderId.of(id), PetId.of(petId), Quantity.of(quantity), shipDate,
                known(owner, "status", status, StatusColumns::orderStatus), complete));
    }


    private static <S> S known(String owner, String column, String value, Function<String, Optional<S>> parse) {
        return parse.apply(value).orElseThrow(() -> new IllegalStateException(
                owner + " has an unknown " + column + " '" + value + "' in the database"));
    }

    private static <T> T valid(String owner, Supplier<T> mapping) {
        try {
            return mapping.get();
        } catch (DomainException e) {
            throw invalid(owner, e);
        }
    }


    private static IllegalStateException invalid(String owner, DomainException refusal) {
        return new IllegalStateException(owner + " is not valid in the database: " + refusal.getMessage(), refusal);
    }
}
