package org.petstore.inventory.application.port.outbound;

import java.util.List;
import java.util.Optional;
import org.petstore.inventory.domain.EntryVersion;
import org.petstore.inventory.domain.EntryChange;
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
     * Makes one change of one entry, atomically and durably, and says what became of it: the entry as stored, or why
     * nothing changed. The movement applies to the count as it is at the moment of the change, by the rule of
     * {@link EntryChange#applyTo}: with expected versions, the check and the change are one atomic compare-and-set,
     * never a read followed by a write; a delta moves the count however many other changes run at once. Only the
     * quantity (and the version) changes, and nothing is created. A change that leaves the count as it is changes
     * nothing: the entry keeps its version.
     *
     * <p>A change that was made is recorded in the stock ledger ({@link StockLedger}) with its origin, in the same
     * atomic step: there is never a change without its record, nor a record without its change. Unconditional changes
     * that run at the same time may share one transaction.
     */
    StockUpdate change(EntryChange change);

    /**
     * Makes every change, or none: in one transaction, in which the changes get consecutive records in the ledger.
     * When a change is refused (as {@link #change} would refuse it, against the entries as the earlier changes left
     * them), nothing changes and the outcome names it. No pet may appear twice.
     *
     * <p>With a claim of an idempotency key ({@link IdempotencyClaims}), the outcome, made or refused, is kept with the
     * claim in the same transaction.
     *
     * @throws org.petstore.inventory.domain.IdempotencyKeyConflictException when the claim was taken over meanwhile
     *         (its request is carried out elsewhere); nothing changed
     */
    ChangesOutcome changeAll(List<EntryChange> changes, Optional<IdempotencyClaims.Claimed> claim);
}
