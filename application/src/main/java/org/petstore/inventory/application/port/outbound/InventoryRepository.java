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
     * Every entry, in ascending {@code petId} order, as an {@link InventorySnapshot} (one consistent read, memory that
     * does not grow with the entries), which the caller closes.
     *
     * @throws StorageUnavailableException when the store cannot be reached to start the read; a later failure
     *         surfaces from the stream's traversal
     */
    InventorySnapshot streamAll();

    /** The version of the whole inventory right now, without reading the entries: one cheap aggregate read. */
    InventoryVersion currentVersion();

    Optional<InventoryEntry> findByPetId(PetId petId);

    /**
     * Makes every change (of distinct pets), or none, atomically and durably, and says what became of them. The
     * changes are decided by the domain's rule ({@link EntryChange#decideAll}) on the entries as they are, in the
     * atomic step that makes them: a condition on a version is a compare-and-set, a delta moves the count however
     * many other changes run at once. Only the quantity (and the version) changes; nothing is created. The changes
     * are recorded in the stock ledger ({@link StockLedger}) with their origins and consecutive ids, in the same step.
     *
     * <p>With an idempotency key, the key is claimed first, across every instance on the store: a key whose request
     * was carried out gets its outcome again and changes nothing; a key whose request still runs is
     * {@link ChangeOutcome.KeyInFlight}, one first used with another fingerprint {@link ChangeOutcome.KeyReused}. The
     * outcome is kept with the key in the step of the changes; a request that fails before keeps nothing, so that its
     * retry is carried out. A request is carried out at most once per key.
     */
    ChangeOutcome change(List<EntryChange> changes, Optional<IdempotentRequest> key);
}
