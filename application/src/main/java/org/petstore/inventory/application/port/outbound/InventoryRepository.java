package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.EntryChange;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.IdempotentRequest;
import org.petstore.inventory.domain.InventoryEntry;
import org.petstore.inventory.domain.InventorySnapshot;
import org.petstore.inventory.domain.InventoryVersion;
import org.petstore.inventory.domain.PetId;

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

    Optional<InventoryEntry> findByPetId(PetId petId);

    /**
     * Makes every change (of distinct pets), or none, atomically and durably, and says what became of them. The
     * changes are decided by the domain's rule ({@link EntryChange#decideAll}) on the entries as they are at the
     * moment of the change, in the same atomic step as they are made: a condition on a version is a compare-and-set,
     * never a read followed by a write; a delta moves the count however many other changes run at once. Only the
     * quantity (and the version) changes, and nothing is created. The changes made are recorded in the stock ledger
     * ({@link StockLedger}) with their origins and consecutive ids, in the same atomic step: there is never a change
     * without its record, nor a record without its change.
     *
     * <p>With an idempotency key, the key is claimed first, across every instance on the store: a key whose request
     * was carried out gets that outcome again ({@link ChangeOutcome.Applied} or {@link ChangeOutcome.Refused}) and
     * changes nothing; a key in use by a request still running is {@link ChangeOutcome.KeyInFlight}; a key first used
     * with another fingerprint is {@link ChangeOutcome.KeyReused}. The outcome is kept with the key in the same atomic
     * step as the changes; a request that fails before it reaches the store's data keeps nothing, so that its retry
     * is carried out. A request is carried out at most once per key.
     */
    ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key);
}
