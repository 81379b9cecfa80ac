package org.petstore.inventory.application.port.outbound;

import java.util.Optional;
import org.petstore.inventory.domain.ChangeOrigin;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.ExpectedVersions;
import org.petstore.inventory.domain.InventoryItem;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;
import org.petstore.inventory.domain.Quantity;

/**
 * Where inventory entries are kept. Every persistence backend implements this port and passes its contract test.
 * Each method either completes or changes nothing; when the store cannot be reached, it throws
 * {@link StorageUnavailableException}.
 *
 * <p>Every entry carries an {@link EntryVersion}: a new entry is at {@link EntryVersion#FIRST}, and every change of
 * it (its quantity here; its pet's status wherever that is written) moves it to the next version in the same atomic
 * step.
 */
public interface InventoryRepository {

    /**
     * Every entry, in ascending {@code petId} order, read from the store while the snapshot's stream is consumed:
     * memory does not grow with the number of entries. The snapshot's {@link InventoryVersion} is known before the
     * first entry is read, and describes exactly the entries of the stream: both come from one consistent read.
     *
     * <p>The caller must close the snapshot (try-with-resources), whether it read it to the end or not: closing
     * releases what the open read holds in the store (a database cursor and its pooled connection). Closing is
     * idempotent and may happen on any thread, also while another thread is reading. The stream itself, and its
     * iterator, are for one thread at a time.
     *
     * @throws StorageUnavailableException when the store cannot be reached to start the read; a failure after
     *         that surfaces from the stream's traversal (also as {@link StorageUnavailableException} when the
     *         store went away)
     */
    InventorySnapshot streamAll();

    /** The version of the whole inventory right now, without reading the entries: one cheap aggregate read. */
    InventoryVersion currentVersion();

    Optional<InventoryItem> findByPetId(PetId petId);

    /**
     * Sets the quantity of the pet's entry, atomically and durably, and returns the entry as stored, at its next
     * version, with its pet's current status. Only the quantity (and the version) changes, and nothing is created:
     * for a pet without an entry the result is empty and the store is unchanged.
     *
     * <p>The change is recorded in the stock ledger ({@link StockLedger}) with its origin, in the same atomic step:
     * there is never a change without its record, nor a record without its change.
     */
    Optional<InventoryItem> updateQuantity(PetId petId, Quantity quantity, ChangeOrigin origin);

    /**
     * As {@link #updateQuantity(PetId, Quantity, ChangeOrigin)}, on condition that the entry is at one of the
     * expected versions: the check and the change are one atomic compare-and-set in the store, never a read followed
     * by a write, so of concurrent updates expecting the same version exactly one succeeds. Only a change that was
     * made is recorded.
     */
    StockUpdate updateQuantity(PetId petId, Quantity quantity, ExpectedVersions expected, ChangeOrigin origin);
}
